// Does the NATS server at argv[2] (default 127.0.0.1:4222) have JetStream enabled?
// Exit 0: yes. Exit 3: the server answers but JetStream is off. Exit 2: cannot connect.
// Uses the project's own `nats` npm package, so it resolves from <repo>/node_modules.
'use strict';
const { connect } = require('nats');

const server = process.argv[2] || '127.0.0.1:4222';

(async () => {
  let nc;
  try {
    nc = await connect({ servers: server, timeout: 2000, reconnect: false });
  } catch (e) {
    console.error(`cannot connect to NATS at ${server}: ${e.message}`);
    process.exit(2);
  }
  try {
    const jsm = await nc.jetstreamManager({ timeout: 2000 });
    await jsm.getAccountInfo();
  } catch (e) {
    console.error(`JetStream is not available on ${server}: ${e.message}`);
    await nc.close();
    process.exit(3);
  }
  await nc.close();
  process.exit(0);
})();
