import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';

const server = process.env.PARLEY_DEV_SERVER ?? 'http://localhost:8080';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|wasm|map)$/;
const MIN_BYTES = 1024;

/** A step of the build that runs once its files are written, given their folder and the bundle. */
function afterWrite(
  name: string,
  step: (outDir: string, bundle: Rolldown.OutputBundle) => Promise<void>,
): Plugin {
  let outDir = '';
  return {
    name,
    apply: 'build',
    configResolved: (config) => void (outDir = path.resolve(config.root, config.build.outDir)),
    writeBundle: (_options, bundle) => step(outDir, bundle),
  };
}

/** Writes .br and .gz beside each text file of the build, so the server sends them without compressing per request. */
const precompress = () =>
  afterWrite('parley-precompress', async (outDir, bundle) => {
    await Promise.all(
      Object.keys(bundle)
        .filter((name) => COMPRESSIBLE.test(name))
        .map(async (name) => {
          const file = path.join(outDir, name);
          const source = await fs.readFile(file);
          if (source.length < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(source, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
            gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
        }),
    );
  });

const CHAT_ENTRY = 'src/app/shell.tsx';

/**
 * Writes chat-preloads.json: the chat screen's chunk and every chunk it imports statically, minus those the
 * page already preloads. The server lists them in the page of a signed-in user, so they download with the
 * entry script instead of after it has run.
 */
// After Vite has dropped the chunks that only held styles, so every file listed exists.
const chatPreloads = () =>
  afterWrite('parley-chat-preloads', async (outDir, bundle) => {
    const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
    const chat = chunks.find((c) => c.facadeModuleId?.endsWith(CHAT_ENTRY));
    if (!chat) throw new Error(`no chunk for ${CHAT_ENTRY}`);
    const entry = new Set<string>();
    const closure = (file: string, into: Set<string>) => {
      if (into.has(file)) return;
      into.add(file);
      for (const dep of chunks.find((c) => c.fileName === file)?.imports ?? [])
        if (dep in bundle) closure(dep, into);
    };
    // The page's own scripts: the entry's chunks as the build wrote them into index.html.
    const page = bundle['index.html'];
    const html = page?.type === 'asset' ? String(page.source) : '';
    for (const [, file] of html.matchAll(/"\/(assets\/[\w.-]+\.js)"/g)) closure(file!, entry);
    for (const c of chunks.filter((c) => c.isEntry)) closure(c.fileName, entry);
    const wanted = new Set<string>();
    closure(chat.fileName, wanted);
    const files = [...wanted].filter((f) => !entry.has(f)).map((f) => `/${f}`);
    await fs.writeFile(path.join(outDir, 'chat-preloads.json'), JSON.stringify(files));
  });

/**
 * The chat screen's own modules, found once the module graph is built: those `shell.tsx` imports
 * statically, directly or not, that the entry does not. The build puts them in one chunk.
 */
const chatModules = new Set<string>();
const findChatModules = (): Plugin => ({
  name: 'parley-chat-modules',
  apply: 'build',
  buildEnd() {
    const closure = (id: string, into: Set<string>) => {
      if (into.has(id)) return;
      into.add(id);
      for (const dep of this.getModuleInfo(id)?.importedIds ?? []) closure(dep, into);
    };
    const entry = new Set<string>();
    const chat = new Set<string>();
    for (const id of this.getModuleIds()) if (this.getModuleInfo(id)?.isEntry) closure(id, entry);
    const shell = [...this.getModuleIds()].find((id) => id.endsWith(CHAT_ENTRY));
    if (!shell) throw new Error(`no module ${CHAT_ENTRY}`);
    closure(shell, chat);
    chatModules.clear();
    for (const id of chat) if (!entry.has(id)) chatModules.add(id);
  },
});

export default defineConfig({
  plugins: [react(), findChatModules(), precompress(), chatPreloads()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    // Every browser Parley supports preloads modules itself.
    modulePreload: { polyfill: false },
    // One stylesheet (10 KB gzipped) in the page: nothing to fetch or append when the chat screen loads.
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        // Two files for a signed-in first screen instead of forty: on a slow link each request costs a round trip.
        codeSplitting: {
          groups: [
            { name: 'boot', tags: ['$initial'] },
            { name: 'chat', test: (id) => chatModules.has(id) },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': server,
      '/config.json': server,
      '/socket.io': { target: server, ws: true },
    },
  },
});
