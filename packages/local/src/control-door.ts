/** The names this stack answers to; it listens on 127.0.0.1 only. */
const ownHostnames = ['localhost', '127.0.0.1', '[::1]'];

/** A Pin-shaped 403 (the gateway's JsonResponse, spelt out: the gateway imports this file). */
interface Refusal {
  status: 403;
  body: { error: 'forbidden'; error_description: string };
}

const refusal = (description: string): Refusal => ({
  status: 403,
  body: { error: 'forbidden', error_description: description },
});

/**
 * The control endpoints mint keys and move the clock, with no credentials: only this machine's own
 * tools may reach them. A request a web page sends (any page can post a form) carries its Origin;
 * a request through DNS rebinding carries the attacker's name in Host. curl and Node send no Origin
 * and `localhost:PORT` as Host, so they go through. Null when the request may go on.
 */
export const controlDoorRefusal = (headers: Record<string, string>, port: number): Refusal | null => {
  const own = new Set(ownHostnames.map((name) => `${name}:${port}`));
  // Without a port, Host means port 80, which is only ours when we listen there.
  if (port === 80) for (const name of ownHostnames) own.add(name);
  const host = headers.host?.toLowerCase();
  if (!host || !own.has(host))
    return refusal(`The local control endpoints answer only requests to localhost:${port}.`);
  const origin = headers.origin?.toLowerCase();
  if (origin !== undefined && ![...own].some((authority) => origin === `http://${authority}`))
    return refusal('The local control endpoints refuse requests from web pages of another origin.');
  return null;
};
