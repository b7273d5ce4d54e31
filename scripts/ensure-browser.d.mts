/** The path of Debian's Chromium. */
export declare const chromiumPath: string;
/** The path of Debian's Chromium, installed first (apt-get, as root or through sudo) if it is missing. */
export declare const ensureBrowser: () => string;
