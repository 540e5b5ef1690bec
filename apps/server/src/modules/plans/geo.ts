import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

type TGeoIp = { lookup(ip: string): { country: string } | null };

let geoip: TGeoIp | null = null;

/**
 * geoip-lite reads its whole database into memory when it is loaded, city tables included (over 100 MB). Only
 * the country is needed here, so it is pointed at a folder holding just the country tables (linked from the
 * package), and loaded the first time a country is asked for: about 7 MB.
 */
function load(dir: string): TGeoIp {
  if (geoip) return geoip;
  const require = createRequire(import.meta.url);
  const packageDir = path.dirname(require.resolve('geoip-lite/package.json'));
  fs.mkdirSync(dir, { recursive: true });
  for (const file of ['geoip-country.dat', 'geoip-country6.dat']) {
    const source = path.join(packageDir, 'data', file);
    const target = path.join(dir, file);
    if (fs.existsSync(target)) continue;
    // a link left dangling (the package moved) is replaced; another process linking at the same time is fine
    if (fs.lstatSync(target, { throwIfNoEntry: false })) fs.rmSync(target, { force: true });
    try {
      fs.symlinkSync(source, target);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') continue;
      const temp = `${target}.${process.pid}.tmp`;
      fs.copyFileSync(source, temp);
      fs.renameSync(temp, target);
    }
  }
  (globalThis as { geodatadir?: string }).geodatadir = dir;
  geoip = require('geoip-lite') as TGeoIp;
  return geoip;
}

/**
 * The country (ISO 3166 alpha-2) of an IP address, from the GeoIP database shipped with the server; null when
 * unknown. `dataDir` is where the country tables are linked (the server's data folder).
 */
export const countryLookup =
  (dataDir: string) =>
  (ip: string | undefined | null): string | null => {
    if (!ip) return null;
    try {
      return load(path.join(dataDir, 'geoip')).lookup(ip.replace(/^::ffff:/, ''))?.country || null;
    } catch {
      return null;
    }
  };
