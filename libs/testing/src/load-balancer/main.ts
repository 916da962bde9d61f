import { portOf, ProfileName, PROFILES, replicaPortOf } from '../stack-profiles';
import { LoadBalancer } from './load-balancer';

/** Runs a profile's gateway load balancer on the gateway's port: `node main.js <profile>`. */
const profile = PROFILES[(process.argv[2] ?? 'prod') as ProfileName];
if (!profile) throw new Error(`unknown profile ${process.argv[2]}`);
const replicas = Array.from({ length: profile.replicas ?? 1 }, (_, index) => index + 1);
const backends = replicas.map(
  (replica) => `http://127.0.0.1:${replicaPortOf(profile, 'gateway', replica)}`,
);
const port = portOf(profile, 'gateway');
const balancer = new LoadBalancer({ backends });
void balancer.listen(port).then(() => {
  process.stdout.write(`load balancer for ${profile.name} on :${port} -> ${backends.join(', ')}\n`);
});
const stop = (): void => void balancer.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
