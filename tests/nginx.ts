import fs from 'node:fs';

/** Debian's nginx package (or another install); undefined when there is none. */
export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx'].find((file) => fs.existsSync(file));

/** The MIME types every nginx install ships. */
export const MIME_TYPES = ['/etc/nginx/mime.types', '/usr/local/etc/nginx/mime.types'].find((file) =>
  fs.existsSync(file),
);

/** Why the tests that run nginx are skipped here, or null when they can run. */
export const NGINX_MISSING = NGINX && MIME_TYPES ? null : 'nginx is not installed (Debian: apt-get install nginx)';

/** An nginx.conf for a test: its own pid and logs in `dir`, the given http-level lines, in the foreground. */
export function nginxConf(dir: string, httpLines: string[]): string {
  return [
    'worker_processes 1;',
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log warn;`,
    'events { worker_connections 256; }',
    'http {',
    `  include ${MIME_TYPES ?? '/etc/nginx/mime.types'};`,
    '  default_type application/octet-stream;',
    '  access_log off;',
    ...httpLines.map((line) => `  ${line}`),
    '}',
    '',
  ].join('\n');
}

/** The arguments that run nginx on `dir`'s nginx.conf in the foreground. */
export function nginxArgs(dir: string): string[] {
  return ['-p', dir, '-e', `${dir}/error.log`, '-c', `${dir}/nginx.conf`, '-g', 'daemon off;'];
}
