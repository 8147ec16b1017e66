import { type IconName, type IconPaths, Icons, type IconSize } from '@blueprintjs/icons';
import './iconLoader.css';

/**
 * Blueprint's default loader fetches every icon of a size the first time any icon is drawn (about
 * 100 kB of gzip JavaScript per size). This one fetches each icon's own paths, a small JSON file the
 * build emits (web/iconPaths.ts), when that icon is first drawn: a page pays only for the icons it
 * shows, and the entry carries no table of them. Imported by each entry (main.tsx, rules/main.tsx)
 * before anything renders.
 */
declare const __BLUEPRINT_ICON_PATHS__: string;

export const iconPathsUrl = (name: IconName, size: IconSize) => `${__BLUEPRINT_ICON_PATHS__}/${size}/${name}.json`;

const loading = new Map<string, Promise<IconPaths>>();

/**
 * One request per icon and size, however many of it a page draws at once (Blueprint asks again for
 * each until the first answer is in). An icon the build does not know draws nothing, as with
 * Blueprint's own loaders; a failed request is asked again next time.
 */
export const loadIconPaths = (name: IconName, size: IconSize): Promise<IconPaths> => {
  const url = iconPathsUrl(name, size);
  let paths = loading.get(url);
  if (!paths) {
    paths = fetch(url).then(
      async (answer) => (answer.ok ? ((await answer.json()) as IconPaths) : []),
      (error: unknown) => {
        loading.delete(url);
        throw error;
      },
    );
    loading.set(url, paths);
  }
  return paths;
};

Icons.setLoaderOptions({ loader: loadIconPaths });
