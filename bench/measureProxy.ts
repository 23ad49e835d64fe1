import { serveFetch } from '../server/serveFetch';
import { residentBytes, startProxyProcess } from '../server/startProxyProcess';
import { createVaultEmulator } from '../src/emulator/index';
import { createLoopbackUpstream } from '../src/node/createLoopbackUpstream';
import { percentile } from './percentile';

/**
 * Keep-alive at one concurrency, straight to the emulator and through the proxy.
 *
 * @example
 * ```ts
 * const row: ProxyLatencyStep = report.keepAlive[0];
 * console.log(row.proxied.p50Ms - row.direct.p50Ms);
 * ```
 */
export interface ProxyLatencyStep {
  readonly concurrency: number;
  readonly direct: ProxyPathFigures;
  readonly proxied: ProxyPathFigures;
}

/**
 * Requests per second and latency of one path.
 *
 * @example
 * ```ts
 * const { perSecond, p99Ms }: ProxyPathFigures = step.proxied;
 * ```
 */
export interface ProxyPathFigures {
  readonly requests: number;
  readonly succeeded: number;
  readonly perSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
}

/**
 * Results of {@link measureProxy}.
 *
 * @example
 * ```ts
 * const report: ProxyReport = await measureProxy();
 * ```
 */
export interface ProxyReport {
  readonly keepAlive: readonly ProxyLatencyStep[];
  readonly download: {
    readonly bytes: number;
    readonly received: number;
    readonly seconds: number;
    /** Resident memory of the proxy process before the download. */
    readonly baselineBytes: number;
    /** Highest resident memory of the proxy process during it. */
    readonly peakBytes: number;
  };
}

const DOWNLOAD_BYTES = 256 * 1024 * 1024;
const CHUNK = new Uint8Array(64 * 1024).fill(0x61);
const VAULT = 'promomats.sunrise.example';

/**
 * Runs the production proxy as its own process (`npm run proxy`) in front of the emulator
 * (each vault at its own host, over loopback HTTP) and measures, in the same run: keep-alive
 * requests per second and latency (p50/p99) straight to the emulator and through the
 * proxy, at each concurrency, with the same HTTP client for both; and the proxy process's
 * resident memory while a 256 MB document streams through it. The load generator and the
 * emulator share this process; the proxy has its own.
 *
 * @example
 * ```ts
 * const report = await measureProxy({ concurrency: [1, 16], requests: 2_000 });
 * ```
 */
export async function measureProxy(
  options: { readonly concurrency?: readonly number[]; readonly requests?: number } = {},
): Promise<ProxyReport> {
  const levels = options.concurrency ?? [1, 16];
  const requests = options.requests ?? 2_000;
  const emulator = createVaultEmulator({
    passwordHashIterations: 1_000,
    // One loopback caller sends everything: the per-caller limits would measure themselves.
    callerLimits: { discoveryPerMinute: 1_000_000, invalidSessionsPerMinute: 1_000_000 },
  });
  // The vault's document download, made up as it is read, beside the emulator's calls.
  const vault = await serveFetch((request, context) =>
    new URL(request.url).pathname.endsWith('/file')
      ? new Response(generated(DOWNLOAD_BYTES), {
          headers: {
            'content-type': 'application/octet-stream',
            'content-length': String(DOWNLOAD_BYTES),
          },
        })
      : emulator.fetch(request, context),
  );
  const proxy = await startProxyProcess({
    allow: '*.sunrise.example',
    loopbackUpstreamPort: vault.port,
  });
  try {
    const toVault = createLoopbackUpstream(vault.port);
    const toProxy = createLoopbackUpstream(proxy.port);
    const login = await toVault(
      new Request(`https://${VAULT}/api/v26.1/auth`, {
        method: 'POST',
        body: new URLSearchParams({
          username: 'olivia@sunrise.example',
          password: 'Sunrise-Demo-1',
        }),
      }),
    );
    const { sessionId } = (await login.json()) as { sessionId: string };
    const keepAlive = (send: typeof toVault, url: string) => async (): Promise<boolean> => {
      const response = await send(
        new Request(url, { method: 'POST', headers: { Authorization: sessionId } }),
      );
      const body = (await response.json()) as { responseStatus?: string };
      return body.responseStatus === 'SUCCESS';
    };
    const direct = keepAlive(toVault, `https://${VAULT}/api/v26.1/keep-alive`);
    const proxied = keepAlive(
      toProxy,
      `http://127.0.0.1:${proxy.port}/vault/${VAULT}/api/v26.1/keep-alive`,
    );
    const steps: ProxyLatencyStep[] = [];
    for (const concurrency of levels) {
      // Warm both paths, so neither pays for connection set-up or compilation.
      await run(direct, 1, 50);
      await run(proxied, 1, 50);
      steps.push({
        concurrency,
        direct: await run(direct, concurrency, requests),
        proxied: await run(proxied, concurrency, requests),
      });
    }

    const baselineBytes = residentBytes(proxy.pid);
    let peakBytes = baselineBytes;
    const sampler = setInterval(() => {
      peakBytes = Math.max(peakBytes, residentBytes(proxy.pid));
    }, 10);
    const started = performance.now();
    let received = 0;
    try {
      const response = await fetch(
        `http://127.0.0.1:${proxy.port}/vault/${VAULT}/api/v26.1/objects/documents/1/file`,
      );
      const reader = response.body?.getReader();
      for (;;) {
        const chunk = await reader?.read();
        if (!chunk || chunk.done) break;
        received += chunk.value.byteLength;
      }
    } finally {
      clearInterval(sampler);
    }
    peakBytes = Math.max(peakBytes, residentBytes(proxy.pid));
    return {
      keepAlive: steps,
      download: {
        bytes: DOWNLOAD_BYTES,
        received,
        seconds: (performance.now() - started) / 1000,
        baselineBytes,
        peakBytes,
      },
    };
  } finally {
    proxy.child.kill('SIGTERM');
    await vault.close();
  }
}

async function run(
  call: () => Promise<boolean>,
  concurrency: number,
  total: number,
): Promise<ProxyPathFigures> {
  const latencies: number[] = [];
  let next = 0;
  let succeeded = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next += 1;
        const sent = performance.now();
        if (await call().catch(() => false)) succeeded += 1;
        latencies.push(performance.now() - sent);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    requests: latencies.length,
    succeeded,
    perSecond: latencies.length / seconds,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
  };
}

function generated(bytes: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= bytes) {
        controller.close();
        return;
      }
      sent += CHUNK.byteLength;
      controller.enqueue(CHUNK);
    },
  });
}
