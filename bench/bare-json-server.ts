// The yardstick for /stats throughput: a bare Node HTTP server answering one constant JSON of
// the same shape, with nothing between the socket and the answer.
import { createServer } from 'node:http';

const body = JSON.stringify({
  total_receipts_processed: 10_000_000,
  receipts_today: 27_397,
  receipts_this_week: 191_780,
  average_emissions_per_receipt: 9.99,
});
const server = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  response.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (typeof address === 'object' && address) console.log(`listening at http://127.0.0.1:${address.port}/`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
