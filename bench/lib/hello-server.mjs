// The reference of bench:api: a bare Fastify "hello" route, in a process of
// its own as the product's server is, so that the load generator's work is
// not shared with it (run inside the generator's process, it got 56–58 % of
// this on a quiet machine, and every ratio to it read about twice as good).
// Prints its port on stdout once it listens; ends on SIGTERM.
import Fastify from 'fastify';

const app = Fastify();
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${app.server.address().port}\n`);
process.once('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
