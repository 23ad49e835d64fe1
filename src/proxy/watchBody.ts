import { concatBytes } from './concatBytes';

/** What a bound calls to end a body on its way: the call fails with `reason`. */
export interface BodyStop {
  readonly error: (reason: unknown) => void;
}

/**
 * What is done with each chunk of a watched body. `chunk` hands on what may pass through
 * `pass`, and says whether it handed on something or ended the call; until one of them, the
 * next chunk is read. `end` may hand on what it still held.
 */
export interface BodySteps {
  readonly start: (stop: BodyStop) => void;
  readonly chunk: (chunk: Uint8Array, pass: (safe: Uint8Array) => void) => boolean;
  readonly end: (pass: (safe: Uint8Array) => void) => void;
}

/** A body read through its steps: its first bytes, or all of it as one stream. */
export interface WatchedBody {
  /**
   * What the steps passed of the body as far as `limit` bytes and one chunk more: the whole
   * of it when it ended by then (`rest` undefined), or else the body from its start as a
   * stream. A bound that ends the call meanwhile rejects with its reason.
   */
  readonly head: (
    limit: number,
  ) => Promise<
    | { readonly bytes: Uint8Array<ArrayBuffer>; readonly rest: undefined }
    | { readonly rest: ReadableStream<Uint8Array> }
  >;
  /** The body as one stream, each chunk pulled from the source when the reader asks. */
  readonly stream: () => ReadableStream<Uint8Array>;
}

/**
 * Watches a body on its way (the page's upload, the vault's answer): each chunk is pulled
 * from the source and goes through `steps` once. A body read whole is read straight from
 * the source, with no stream of its own; one passed on becomes one stream, where a pipe
 * through a transform stream would make two and hand each chunk over twice. A bound that
 * ends the call errors that stream and cancels the source, as a pipe would cancel it.
 */
export function watchBody(source: ReadableStream<Uint8Array>, steps: BodySteps): WatchedBody {
  const reader = source.getReader();
  let stopped: { readonly reason: unknown } | undefined;
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  let ended = false;
  // What passed before there was a stream to hand it to.
  const held: Uint8Array[] = [];
  let heldBytes = 0;
  const pass = (safe: Uint8Array): void => {
    if (controller !== undefined) {
      controller.enqueue(safe);
      return;
    }
    held.push(safe);
    heldBytes += safe.byteLength;
  };
  steps.start({
    error(reason) {
      if (stopped !== undefined) return;
      stopped = { reason };
      controller?.error(reason);
      reader.cancel(reason).catch(() => undefined);
    },
  });
  const throwIfStopped = (): void => {
    if (stopped !== undefined) throw stopped.reason;
  };
  // Reads until the steps hand something on, the call ends or the body does; false at its end.
  const advance = async (): Promise<boolean> => {
    for (;;) {
      const next = await reader.read();
      throwIfStopped();
      if (next.done) {
        ended = true;
        steps.end(pass);
        return false;
      }
      if (steps.chunk(next.value, pass)) {
        throwIfStopped();
        return true;
      }
    }
  };
  const stream = (): ReadableStream<Uint8Array> =>
    new ReadableStream<Uint8Array>({
      start(own) {
        controller = own;
        for (const chunk of held.splice(0)) own.enqueue(chunk);
        if (ended) own.close();
      },
      async pull(own) {
        let more: boolean;
        try {
          more = await advance();
        } catch (error) {
          // Stopped: the stream has already errored with the reason.
          if (stopped !== undefined) return;
          throw error;
        }
        if (!more) own.close();
      },
      cancel: (reason) => reader.cancel(reason),
    });
  return {
    async head(limit) {
      while (!ended && heldBytes <= limit) await advance();
      return ended ? { bytes: concatBytes(held, heldBytes), rest: undefined } : { rest: stream() };
    },
    stream,
  };
}
