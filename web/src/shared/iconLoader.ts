import { type IconName, type IconPaths, Icons, IconSize } from '@blueprintjs/icons';

/**
 * Blueprint's default loader fetches every icon of a size the first time any icon is drawn (about
 * 100 kB of gzip JavaScript per size). This one fetches each icon's own paths module when that icon is
 * first drawn: the build makes one small chunk per icon, and a page pays only for the icons it shows.
 * Imported by each entry (main.tsx, rules/main.tsx) before anything renders.
 */
const root = '../../../node_modules/@blueprintjs/icons/lib/esm/generated';
type PathsModule = { default: IconPaths };
const paths: Record<IconSize, Record<string, () => Promise<PathsModule>>> = {
  [IconSize.STANDARD]: import.meta.glob<PathsModule>('../../../node_modules/@blueprintjs/icons/lib/esm/generated/16px/paths/*.js'),
  [IconSize.LARGE]: import.meta.glob<PathsModule>('../../../node_modules/@blueprintjs/icons/lib/esm/generated/20px/paths/*.js'),
};

export const loadIconPaths = async (name: IconName, size: IconSize): Promise<IconPaths> => {
  const load = paths[size]?.[`${root}/${size}px/paths/${name}.js`];
  return load ? (await load()).default : [];
};

Icons.setLoaderOptions({ loader: loadIconPaths });
