/**
 * One autocannon run, in a process of its own so the load does not share the server's event loop; prints its JSON
 * summary. Argument: a JSON object `{ url, token, connections, seconds, pages?, rate? }`. With `pages`, `{page}` in
 * the URL is a page drawn at random (1 … pages) for each request: any page, not one kept warm. With `rate`, an
 * open loop: that many requests a second from all connections together (`overallRate`), latencies corrected for
 * requests sent late (coordinated omission), so below the server's capacity p99 is the server's, not a queue's.
 */
import autocannon from 'autocannon';

const { url, token, connections, seconds, pages, rate } = JSON.parse(process.argv[2] ?? '{}');
const target = new URL(url);
const path = `${target.pathname}${target.search}`.replaceAll('%7Bpage%7D', '{page}');
const result = await autocannon({
  url: target.origin,
  connections,
  duration: seconds,
  timeout: 30,
  headers: { authorization: `Bearer ${token}` },
  ...(rate ? { overallRate: rate } : {}),
  requests: [
    {
      method: 'GET',
      path,
      ...(pages
        ? {
            setupRequest: (request) => ({
              ...request,
              path: path.replace('{page}', String(1 + Math.floor(Math.random() * pages))),
            }),
          }
        : {}),
    },
  ],
});
process.stdout.write(JSON.stringify(result));
