// A liveness probe as a kubelet or a load balancer runs it: a process of its
// own, in a session of its own (so the kernel schedules it apart from the
// load generator, which stands for browsers on other machines), calling
// /api/health/live every 10 ms on one kept-alive connection until told to
// stop. Started by probeLiveness() in product.mjs; answers the time of every
// call, in ms.
import http from 'node:http';

const url = new URL('/api/health/live', process.argv[2]);
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const probes = [];
let running = true;
process.on('message', () => {
  running = false;
});

function once() {
  return new Promise((resolve) => {
    const request = http.get(url, { agent }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode === 200));
    });
    request.setTimeout(10_000, () => request.destroy());
    request.on('error', () => resolve(false));
  });
}

process.send?.('ready');
while (running) {
  const started = performance.now();
  const ok = await once();
  probes.push(ok ? performance.now() - started : Infinity);
  await new Promise((resolve) => setTimeout(resolve, 10));
}
process.send?.(probes, () => process.exit(0));
