// The proxy served by Bun.serve on a free loopback port, which it prints.
import { createProxiedEmulator } from './createProxiedEmulator';

declare const Bun: {
  serve(options: {
    hostname: string;
    port: number;
    fetch: (request: Request) => Promise<Response>;
  }): { port: number };
};

const handle = createProxiedEmulator();
const server = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: handle });
console.log(`listening ${server.port}`);
