// Where the mutation corpus lives, and the certificate files its bases name (run.mjs makes them
// there, inside the loopback-only namespace's own /tmp view, before it runs the toolkit).
import {fileURLToPath} from 'node:url';

export const here = fileURLToPath(new URL('./', import.meta.url));
export const CERT = '/tmp/v2fly-mutants/cert.pem';
export const KEY = '/tmp/v2fly-mutants/key.pem';
export const LOGS = '/tmp/v2fly-mutants';
