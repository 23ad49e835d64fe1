#!/usr/bin/env node
// Starts Debian's Firefox ESR for playwright-core's WebDriver BiDi driver, with one relay
// between the two: Playwright asks every new browser context for its colour scheme with
// `emulation.setMediaFeaturesOverride`, a command that Firefox ESR does not implement
// yet. launchFirefox pins the profile's colour scheme to light, so the relay answers the
// request itself when it asks for what the browser already shows (light, or no override)
// and refuses any other scheme with an error that says why. Every other message passes
// through unchanged, both ways.
//
// Playwright starts this file as the browser executable and learns the address to connect
// to from the browser's "WebDriver BiDi listening on ws://…" line on stderr: the relay
// prints its own address in that line instead of Firefox's.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { WebSocket, WebSocketServer } from 'ws';

const LISTENING = /WebDriver BiDi listening on (ws:\/\/\S+)$/;
const SCHEMES_SHOWN = [undefined, null, 'light'];

const firefox = spawn(process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr', process.argv.slice(2), {
  stdio: ['ignore', 'inherit', 'pipe'],
});

createInterface({ input: firefox.stderr }).on('line', (line) => {
  const match = LISTENING.exec(line);
  if (match?.[1]) relayTo(match[1]);
  else process.stderr.write(`${line}\n`);
});

for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) {
  process.on(signal, () => firefox.kill(signal));
}
firefox.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
// A test process that dies without closing the browser leaves this one to init: Firefox
// goes with it rather than running on.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) firefox.kill('SIGKILL');
}, 1_000).unref();

/** @param {string} upstream */
function relayTo(upstream) {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  server.on('listening', () => {
    const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
    process.stderr.write(`WebDriver BiDi listening on ws://127.0.0.1:${port}\n`);
  });
  server.on('connection', (driver, request) => {
    const browser = new WebSocket(`${upstream}${request.url ?? ''}`);
    /** @type {string[]} */
    const waiting = [];
    browser.on('open', () => {
      for (const text of waiting.splice(0)) browser.send(text);
    });
    browser.on('message', (data) => driver.send(data.toString()));
    browser.on('close', () => driver.close());
    browser.on('error', () => driver.close());
    driver.on('close', () => browser.close());
    driver.on('message', (data) => {
      const text = data.toString();
      const answer = answerHere(JSON.parse(text));
      if (answer) driver.send(JSON.stringify(answer));
      else if (browser.readyState === WebSocket.OPEN) browser.send(text);
      else waiting.push(text);
    });
  });
}

/** The answer to a command the relay handles itself, or undefined to pass it on. */
function answerHere(message) {
  if (message?.method !== 'emulation.setMediaFeaturesOverride') return undefined;
  const scheme = message.params?.features?.['prefers-color-scheme'];
  if (SCHEMES_SHOWN.includes(scheme)) return { type: 'success', id: message.id, result: {} };
  return {
    type: 'error',
    id: message.id,
    error: 'unsupported operation',
    message: `Firefox ESR cannot emulate prefers-color-scheme: ${scheme} over WebDriver BiDi; its profile shows light only.`,
  };
}
