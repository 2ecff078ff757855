import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { StorageConfig } from '../../config.js';
import type { ByteRange, MediaStorage } from './media-storage.js';

type S3Config = Extract<StorageConfig, { kind: 's3' }>;

type Sdk = typeof import('@aws-sdk/client-s3');

const isMissing = (error: unknown) => {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return failure.name === 'NoSuchKey' || failure.$metadata?.httpStatusCode === 404;
};

/** Media in an S3-compatible bucket (AWS, MinIO, R2, …), keyed like the local folders. */
export class S3Storage implements MediaStorage {
  readonly kind = 's3';
  private readonly bucket: string;
  /** The SDK is loaded on first use: servers on local storage never pay for it. */
  private connection: Promise<{ sdk: Sdk; client: S3Client }> | null = null;

  constructor(private readonly config: S3Config) {
    this.bucket = config.bucket;
  }

  private connect(): Promise<{ sdk: Sdk; client: S3Client }> {
    this.connection ??= import('@aws-sdk/client-s3').then((sdk) => ({ sdk, client: this.createClient(sdk) }));
    return this.connection;
  }

  private createClient(sdk: Sdk): S3Client {
    const config = this.config;
    return new sdk.S3Client({
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      ...(config.accessKeyId && config.secretAccessKey
        ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
        : {}),
      // Checksums only where S3 requires them: many S3-compatible stores reject the SDK's newer
      // streaming checksum trailers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async putFile(key: string, file: string, meta: { contentType: string; size: number }): Promise<void> {
    const { sdk, client } = await this.connect();
    // The length is known (the upload was spooled to disk), so one streamed PUT suffices.
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: fs.createReadStream(file),
        ContentLength: meta.size,
        ContentType: meta.contentType,
      }),
    );
    await fsp.rm(file, { force: true });
  }

  async putBuffer(key: string, body: Buffer, contentType: string): Promise<void> {
    const { sdk, client } = await this.connect();
    await client.send(
      new sdk.PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType }),
    );
  }

  async read(key: string, range?: ByteRange): Promise<Readable | null> {
    const { sdk, client } = await this.connect();
    try {
      const answer = await client.send(
        new sdk.GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      const body = answer.Body;
      if (!body) return null;
      return body instanceof Readable ? body : Readable.fromWeb(body.transformToWebStream() as never);
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  localPath(): string | null {
    return null;
  }

  async delete(key: string): Promise<void> {
    const { sdk, client } = await this.connect();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async deletePrefix(prefix: string): Promise<void> {
    const { sdk, client } = await this.connect();
    let token: string | undefined;
    do {
      const page = await client.send(
        new sdk.ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      // One by one: an asset has a bounded number of objects, and DeleteObjects needs a
      // Content-MD5 that not every S3-compatible store accepts the same way.
      for (const object of page.Contents ?? []) {
        if (object.Key) await this.delete(object.Key);
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async close(): Promise<void> {
    if (this.connection) (await this.connection).client.destroy();
  }
}
