#!/usr/bin/env node
// `npm run parley -- <command>`: the admin tool, built to JavaScript like the server.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadDotEnv } from '../../../scripts/builds.mjs';
import { ensureServerBuilt } from '../build.mjs';

loadDotEnv();

const dir = await ensureServerBuilt((msg) => console.error(msg));
await import(pathToFileURL(path.join(dir, 'parley.js')).href);
