/** Thumbnail tiles: desktop ticks a checkbox and clicks to enlarge; mobile taps to select and long-presses to delete. */
import { Icon, Spinner } from '@blueprintjs/core';
import type { ClaimPictureRow } from '@feibao/domain/claims/api';
import type { Variant } from '../../shared/site.ts';
import { usePictureUrl } from './pictureBlobs.ts';
import { useLongPress } from './useLongPress.ts';

type GridProps = {
  rows: readonly ClaimPictureRow[];
  selected: readonly string[];
  /** Ticking (and deleting) only where the claim may be edited. */
  editable: boolean;
  variant: Variant;
  onToggle: (id: string) => void;
  onOpen: (row: ClaimPictureRow) => void;
  onLongPress: (row: ClaimPictureRow) => void;
};

export const PictureGrid = ({ rows, ...rest }: GridProps) => (
  <ul className={`fb-images-grid fb-images-grid-${rest.variant}`} data-testid="picture-grid">
    {rows.map((row) => (
      <PictureTile key={row.id} row={row} {...rest} />
    ))}
  </ul>
);

type TileProps = Omit<GridProps, 'rows'> & { row: ClaimPictureRow };

const PictureTile = ({ row, selected, editable, variant, onToggle, onOpen, onLongPress }: TileProps) => {
  const mobile = variant === 'mobile';
  const ticked = selected.includes(row.id);
  const press = useLongPress(
    () => onLongPress(row),
    () => (mobile && editable ? onToggle(row.id) : onOpen(row)),
    mobile && editable,
  );
  return (
    <li
      className={`fb-images-tile${ticked ? ' is-ticked' : ''}`}
      data-testid={`picture-tile-${row.id}`}
      data-picture-id={row.id}
      data-ticked={ticked ? 'true' : 'false'}
    >
      <button
        type="button"
        className="fb-images-tile-face"
        title={row.name}
        aria-pressed={mobile && editable ? ticked : undefined}
        {...press}
      >
        <Thumbnail row={row} />
        {mobile && ticked && (
          <span className="fb-images-tick" aria-hidden="true">
            <Icon icon="tick" />
          </span>
        )}
      </button>
      {!mobile && editable && (
        // Blueprint's checkbox markup by hand: the test hook belongs on the label, which takes the click.
        <label className="bp6-control bp6-checkbox fb-images-tile-check" data-testid={`picture-check-${row.id}`}>
          <input
            type="checkbox"
            className="bp6-control-input"
            checked={ticked}
            onChange={() => onToggle(row.id)}
            aria-label={`选择 ${row.name}`}
          />
          <span className="bp6-control-indicator" />
        </label>
      )}
      <span className="fb-images-tile-caption">{row.imageTypeName}</span>
    </li>
  );
};

const Thumbnail = ({ row }: { row: ClaimPictureRow }) => {
  const load = usePictureUrl(row.processing === 'done' ? row.smallFileUrl : null);
  if (row.processing === 'rejected') return <Broken />;
  if (row.processing === 'pending' || !row.smallFileUrl || load.state === 'processing') return <Processing />;
  if (load.state === 'broken') return <Broken />;
  if (load.state === 'loading') return <Spinner size={20} />;
  return <img src={load.url} alt={row.name} draggable={false} />;
};

const Processing = () => (
  <span className="fb-images-placeholder" data-state="processing">
    <Spinner size={20} />
    <span>处理中</span>
  </span>
);
const Broken = () => (
  <span className="fb-images-placeholder" data-state="broken">
    <Icon icon="media" size={24} />
    <span>图片无法显示</span>
  </span>
);

/** The display copy, large: the desktop viewer and the mobile swipe pager. */
export const LargePicture = ({ row }: { row: ClaimPictureRow }) => {
  const load = usePictureUrl(row.processing === 'done' ? row.fileUrl : null);
  if (row.processing === 'rejected' || load.state === 'broken') return <Broken />;
  if (row.processing === 'pending' || load.state === 'processing') return <Processing />;
  if (load.state === 'loading') return <Spinner />;
  return <img className="fb-images-large" src={load.url} alt={row.name} draggable={false} />;
};
