// Azure container names: 3-63 characters, lower-case letters, digits and single hyphens,
// starting and ending with a letter or digit.
const CONTAINER_NAME = /^(?=.{3,63}$)[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * Every organization owns one container named after it, so an upload URL reads
 * `{upload_url}/{organization_id}/{blob_path}` exactly as the specification writes it, and no
 * path inside a blob name can reach another organization's data.
 */
export function containerNameFor(organizationId: string): string {
  const name = organizationId.toLowerCase();
  if (!CONTAINER_NAME.test(name)) {
    throw new Error(`organization id ${organizationId} cannot name a storage container`);
  }
  return name;
}

/** The reverse, for storage events that name a container: undefined when it is not ours. */
export function organizationIdOf(containerName: string): string | undefined {
  return CONTAINER_NAME.test(containerName) ? containerName : undefined;
}
