import { AZURITE_DEVELOPMENT_CONNECTION_STRING, parseConnectionString } from './connection-string';

describe('parseConnectionString', () => {
  it("reads Azurite's development account", () => {
    expect(parseConnectionString(AZURITE_DEVELOPMENT_CONNECTION_STRING)).toEqual({
      accountName: 'devstoreaccount1',
      accountKey: expect.stringMatching(/==$/),
      blobEndpoint: 'http://127.0.0.1:10000/devstoreaccount1',
    });
  });

  it('derives the endpoint of a cloud account', () => {
    const parsed = parseConnectionString(
      'DefaultEndpointsProtocol=https;AccountName=docketprod;AccountKey=a2V5;EndpointSuffix=core.windows.net',
    );
    expect(parsed.blobEndpoint).toBe('https://docketprod.blob.core.windows.net');
  });

  it('keeps "=" inside the key and drops a trailing slash of the endpoint', () => {
    const parsed = parseConnectionString(
      'AccountName=a;AccountKey=abc==;BlobEndpoint=https://blob.example.test/a/',
    );
    expect(parsed).toEqual({
      accountName: 'a',
      accountKey: 'abc==',
      blobEndpoint: 'https://blob.example.test/a',
    });
  });

  it('refuses a connection string without a shared key', () => {
    expect(() =>
      parseConnectionString('BlobEndpoint=https://x;SharedAccessSignature=sv=1'),
    ).toThrow(/AccountKey/);
  });
});
