// The proxy served by Deno.serve on a free loopback port, which it prints.
import { createProxiedEmulator } from './createProxiedEmulator';

declare const Deno: {
  serve(
    options: { hostname: string; port: number; onListen(address: { port: number }): void },
    handler: (request: Request) => Promise<Response>,
  ): unknown;
};

const handle = createProxiedEmulator();
Deno.serve(
  { hostname: '127.0.0.1', port: 0, onListen: ({ port }) => console.log(`listening ${port}`) },
  handle,
);
