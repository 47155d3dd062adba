import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { type Received, receiveToTemp, sweepTemp } from './receive';

/**
 * Where file contents live, addressed by their SHA-256 (so the same content is stored once).
 * The `files` table keeps the metadata and the access rules; a row refers to a blob by
 * `sha256`. Two kinds: a directory (`DirBlobStore`, always on the embedded database) and the
 * database (`DbBlobStore`, PostgreSQL's default).
 *
 * An upload is received into a temporary file first (`receive`), checked there, and only then
 * committed (`commit`) or dropped (`discard`).
 */
export interface BlobStore {
  readonly kind: 'dir' | 'db';
  /** Where uploads wait while they are checked. */
  readonly tempDir: string;
  receive(source: Readable, maxBytes?: number): Promise<Received>;
  /** Stores a received file under its sha256 and removes the temporary file. */
  commit(received: Received): Promise<void>;
  discard(received: Received): Promise<void>;
  /** receive + commit, for content that needs no check (seed images moved out, generated files). */
  put(source: Readable | Buffer): Promise<{ sha256: string; size: number }>;
  /** The content, or null when no such blob is stored. */
  open(sha256: string): Promise<Readable | null>;
  /** Deletes blobs that no `files` row refers to and that nobody stored for `graceMs`. */
  sweep(graceMs: number): Promise<number>;
  /** Removes temporary files older than `olderThanMs` (left by a crash). */
  sweepTemp(olderThanMs: number): Promise<number>;
}

export abstract class BaseBlobStore implements BlobStore {
  abstract readonly kind: 'dir' | 'db';
  /** Whether a received file is fsynced (it becomes the stored file itself in a directory). */
  protected abstract readonly syncReceived: boolean;

  constructor(readonly tempDir: string) {}

  receive(source: Readable, maxBytes?: number): Promise<Received> {
    return receiveToTemp(source, this.tempDir, { maxBytes, sync: this.syncReceived });
  }

  abstract commit(received: Received): Promise<void>;
  abstract open(sha256: string): Promise<Readable | null>;
  abstract sweep(graceMs: number): Promise<number>;

  async discard(received: Received): Promise<void> {
    await rm(received.path, { force: true });
  }

  async put(source: Readable | Buffer): Promise<{ sha256: string; size: number }> {
    const received = await this.receive(Buffer.isBuffer(source) ? Readable.from([source]) : source);
    try {
      await this.commit(received);
    } finally {
      await this.discard(received);
    }
    return { sha256: received.sha256, size: received.size };
  }

  sweepTemp(olderThanMs: number): Promise<number> {
    return sweepTemp(this.tempDir, olderThanMs);
  }
}

/** Reads a whole blob (small images answered as base64 by the spec's API). */
export async function readWhole(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export const isSha256 = (value: string) => /^[0-9a-f]{64}$/.test(value);
