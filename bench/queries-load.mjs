/**
 * One load run, in a process of its own so the load does not share the server's event loop; prints its JSON
 * summary (`{ requests: { average }, latency: { p50, p99, max }, errors, timeouts, non2xx }`). Argument: a JSON
 * object `{ url, token, connections, seconds, pages?, rate? }`. With `pages`, `{page}` in the URL is a page drawn
 * at random (1 … pages) for each request: any page, not one kept warm.
 *
 * Without `rate`, a closed loop: autocannon, each connection sending its next request on the last answer.
 * With `rate`, an open loop of our own (D-510): request n is due at start + n / rate, evenly spaced, sent on a
 * free one of `connections` kept-alive sockets (or waiting for one), and its latency runs from when it was due,
 * not from when it left, so a late send (a busy generator, every socket taken) counts against the server's
 * figure rather than hiding (coordinated omission). autocannon's `overallRate` was not that: each connection sent
 * its share of a second back to back at the second's tick (16 requests at once every second at 50/s offered)
 * and corrected with an expected interval of 1 ms, so its p50 at a light rate was a burst's queue.
 */
import http from 'node:http';
import autocannon from 'autocannon';

const TIMEOUT_MS = 30_000;
const options = JSON.parse(process.argv[2] ?? '{}');
const target = new URL(options.url);
const path = `${target.pathname}${target.search}`.replaceAll('%7Bpage%7D', '{page}');
const pathFor = () =>
  options.pages ? path.replace('{page}', String(1 + Math.floor(Math.random() * options.pages))) : path;

const summary = options.rate ? await openLoop(options) : await closedLoop(options);
process.stdout.write(JSON.stringify(summary));

async function closedLoop({ connections, seconds, token }) {
  return autocannon({
    url: target.origin,
    connections,
    duration: seconds,
    timeout: 30,
    headers: { authorization: `Bearer ${token}` },
    requests: [
      {
        method: 'GET',
        path,
        ...(options.pages ? { setupRequest: (request) => ({ ...request, path: pathFor() }) } : {}),
      },
    ],
  });
}

function openLoop({ connections, seconds, token, rate }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const total = Math.max(1, Math.round(rate * seconds));
  const interval = 1000 / rate;
  const latencies = [];
  const outcome = { errors: 0, timeouts: 0, non2xx: 0 };
  const start = performance.now() + 20;
  let sent = 0;
  let settled = 0;
  return new Promise((resolve) => {
    const settle = () => {
      settled += 1;
      if (settled < total) return;
      agent.destroy();
      const elapsed = (performance.now() - start) / 1000;
      latencies.sort((a, b) => a - b);
      const at = (p) =>
        latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
      const round = (ms) => Math.round(ms * 10) / 10;
      resolve({
        requests: { average: latencies.length / elapsed },
        latency: { p50: round(at(50)), p99: round(at(99)), max: round(latencies.at(-1) ?? 0) },
        ...outcome,
      });
    };
    const send = (due) => {
      const request = http.get(
        {
          agent,
          host: target.hostname,
          port: target.port,
          path: pathFor(),
          headers: { authorization: `Bearer ${token}` },
          timeout: TIMEOUT_MS,
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            if (response.statusCode >= 200 && response.statusCode < 300) {
              latencies.push(performance.now() - due);
            } else outcome.non2xx += 1;
            settle();
          });
        },
      );
      let timedOut = false;
      request.on('timeout', () => {
        timedOut = true;
        request.destroy();
      });
      request.on('error', () => {
        outcome[timedOut ? 'timeouts' : 'errors'] += 1;
        settle();
      });
    };
    // Every request that is due goes now (a timer fires late, never early); the next wake-up is the next due time.
    const tick = () => {
      const now = performance.now();
      while (sent < total && start + sent * interval <= now) {
        send(start + sent * interval);
        sent += 1;
      }
      if (sent < total) setTimeout(tick, Math.max(0, start + sent * interval - performance.now()));
    };
    setTimeout(tick, 20);
  });
}
