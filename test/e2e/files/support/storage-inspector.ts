import { BlobServiceClient } from '@azure/storage-blob';
import { AZURITE_DEVELOPMENT_CONNECTION_STRING } from '@docket/storage';

/** Looks straight into the local storage account, as an auditor would. */
const service = BlobServiceClient.fromConnectionString(AZURITE_DEVELOPMENT_CONNECTION_STRING);

export async function blobNames(container: string): Promise<string[]> {
  const names: string[] = [];
  for await (const blob of service.getContainerClient(container).listBlobsFlat())
    names.push(blob.name);
  return names;
}

/** Every blob of every container whose name contains `fragment`. */
export async function blobsAnywhereContaining(fragment: string): Promise<string[]> {
  const found: string[] = [];
  for await (const container of service.listContainers()) {
    for await (const blob of service.getContainerClient(container.name).listBlobsFlat()) {
      if (blob.name.includes(fragment)) found.push(`${container.name}/${blob.name}`);
    }
  }
  return found;
}
