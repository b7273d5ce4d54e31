/**
 * An email address as the web's forms and Rails take one (the WHATWG "valid email address", the
 * rule Ruby's URI::MailTo::EMAIL_REGEXP writes): the local part of letters, digits and
 * `.!#$%&'*+/=?^_`{|}~-`, a domain of labels of letters, digits and inner hyphens. So an
 * apostrophe (`o'connor@example.com`) and a punycode domain (`xn--80ak6aa92e.com`) are addresses;
 * spaces, quotes and angle brackets are not.
 */
const emailAddress =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export const isEmailAddress = (value: string): boolean => emailAddress.test(value);
