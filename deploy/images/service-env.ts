import {
  ProfileName,
  PROFILES,
  serviceEnv,
  ServiceName,
  SERVICES,
} from '../../libs/testing/src/stack-profiles';

/**
 * Prints, as a podman --env-file, the settings one service gets in a stack profile, so the
 * images run against the same database, NATS prefix, ports and namespace as the profile's
 * processes would (deploy/stack/services.ts) and nothing collides with other profiles.
 *
 *   node -r @swc-node/register deploy/images/service-env.ts sandbox4 gateway
 */
const [profileName, service] = process.argv.slice(2);
const profile = PROFILES[profileName as ProfileName];
if (!profile || !(SERVICES as readonly string[]).includes(service)) {
  process.stderr.write(
    `usage: service-env.ts <${Object.keys(PROFILES).join('|')}> <${SERVICES.join('|')}>\n`,
  );
  process.exit(2);
}
const env = serviceEnv(profile, service as ServiceName);
process.stdout.write(
  Object.entries(env)
    .map(([key, value]) => `${key}=${value}\n`)
    .join(''),
);
