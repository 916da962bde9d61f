import { ProfileName, PROFILES } from '../stack-profiles';
import { createDemoReceiver } from './demo-receiver';
import { demoReceiverPort } from './demo-receiver-port';

/** Runs a profile's demo write-back receiver: `node main.js <profile>`. */
const profile = PROFILES[(process.argv[2] ?? 'dev') as ProfileName];
if (!profile) throw new Error(`unknown profile ${process.argv[2]}`);
const port = demoReceiverPort(profile);
const server = createDemoReceiver();
server.listen(port, '127.0.0.1', () => {
  process.stdout.write(`demo receiver for ${profile.name} on http://127.0.0.1:${port}/\n`);
});
const stop = (): void => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
