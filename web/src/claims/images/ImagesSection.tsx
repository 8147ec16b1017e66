/**
 * The claim report's images: category tree with counts, the pictures of the chosen category in pages
 * (ten first, then the category's count), upload with progress, classify and delete, and the evidence
 * checklist of the accident type. Desktop ticks checkboxes; mobile taps to select, long-presses to
 * delete and classifies in a full-screen popup.
 */
import { Button, Callout, Checkbox, Dialog, DialogBody, HTMLSelect, Icon, Spinner } from '@blueprintjs/core';
import { NonIdealState } from '../../shared/NonIdealState.tsx';
import { useEffect, useMemo, useState } from 'react';
import type { ClaimPictureRow, EvidenceStatus } from '@feibao/domain/claims/api';
import { notifyError, toast } from '../../api/toaster.ts';
import type { Variant } from '../../shared/site.ts';
import { classifyPictures, deletePictures, useImageTypes, usePictures } from '../api.ts';
import { ALL_PICTURES, CategoryTree } from './CategoryTree.tsx';
import { ClassifyDialog } from './ClassifyDialog.tsx';
import {
  evidenceRows,
  FIRST_PAGE,
  type FlatImageType,
  findImageType,
  flattenImageTypes,
  imageMessages,
  missingSentence,
  nextPageSize,
  toggled,
  totalPictures,
} from './helpers.ts';
import { LargePicture, PictureGrid } from './PictureGrid.tsx';
import { UploadPanel } from './UploadPanel.tsx';
import { useConfirm } from './useConfirm.tsx';
import './images.css';

/** How often a category with pictures still being processed is read again. */
const PROCESSING_POLL_MS = 2000;

type Props = {
  claimId: string;
  editable: boolean;
  variant: Variant;
  evidence: EvidenceStatus | null;
  onChanged?: () => void;
};
type Popup = { rows: ClaimPictureRow[]; ticked: string[]; startAt?: string; classify: boolean };

export const ImagesSection = ({ claimId, editable, variant, evidence, onChanged }: Props) => {
  const mobile = variant === 'mobile';
  const types = useImageTypes(claimId);
  const [code, setCode] = useState(ALL_PICTURES);
  const [pageSize, setPageSize] = useState(FIRST_PAGE);
  const [page, setPage] = useState(1);
  const pictures = usePictures(claimId, code === ALL_PICTURES ? null : code, pageSize, page);
  const [selected, setSelected] = useState<string[]>([]);
  const [target, setTarget] = useState('');
  const [working, setWorking] = useState(false);
  const [viewing, setViewing] = useState<ClaimPictureRow | null>(null);
  const [popup, setPopup] = useState<Popup | null>(null);
  const confirm = useConfirm(mobile);

  const nodes = types.data ?? [];
  const categories = useMemo(() => flattenImageTypes(types.data ?? []), [types.data]);
  const rows = pictures.data?.datas ?? [];
  const total = pictures.data?.totalCount ?? 0;
  const nodeCount =
    code === ALL_PICTURES ? totalPictures(nodes) : (findImageType(nodes, code)?.imageTypeCount ?? total);

  const choose = (next: string) => {
    setCode(next);
    setPageSize(FIRST_PAGE);
    setPage(1);
    setSelected([]);
  };

  // The worker writes the copies after the upload: read again until none is pending.
  const pending = rows.some((r) => r.processing === 'pending');
  const refreshPictures = pictures.mutate;
  useEffect(() => {
    if (!pending) return;
    const t = setInterval(() => void refreshPictures(), PROCESSING_POLL_MS);
    return () => clearInterval(t);
  }, [pending, refreshPictures]);

  // Deleting or classifying away the last pictures of a later page leaves it empty: step back.
  useEffect(() => {
    if (page > 1 && pictures.data && pictures.data.datas.length === 0) setPage((p) => Math.max(1, p - 1));
  }, [page, pictures.data]);

  const refresh = () => {
    void types.mutate();
    void pictures.mutate();
    onChanged?.();
  };

  const classify = async (ids: string[], category: FlatImageType): Promise<boolean> => {
    if (!(await confirm.ask(imageMessages.confirmClassify))) return false;
    setWorking(true);
    try {
      await classifyPictures(ids, category.code, category.name);
      toast.success(imageMessages.classified);
      setSelected([]);
      refresh();
      return true;
    } catch (e) {
      notifyError(e);
      return false;
    } finally {
      setWorking(false);
    }
  };

  const remove = async (ids: string[], question: string) => {
    if (!(await confirm.ask(question))) return;
    setWorking(true);
    try {
      await deletePictures(ids);
      toast.success(imageMessages.deleted);
      setSelected((s) => s.filter((id) => !ids.includes(id)));
      refresh();
    } catch (e) {
      notifyError(e);
    } finally {
      setWorking(false);
    }
  };

  const classifyTicked = () => {
    const category = categories.find((c) => c.code === target);
    if (!category) return toast.warning(imageMessages.chooseCategory);
    if (selected.length === 0) return toast.warning(imageMessages.tickToClassifyDesktop);
    void classify(selected, category);
  };
  const deleteTicked = () => {
    if (selected.length === 0) return toast.warning(imageMessages.tickToDelete);
    void remove(selected, imageMessages.confirmDelete);
  };
  const openClassifyPopup = () => {
    const ticked = rows.filter((r) => selected.includes(r.id));
    setPopup({ rows: ticked.length > 0 ? ticked : rows, ticked: selected, classify: true });
  };
  const open = (row: ClaimPictureRow) =>
    mobile ? setPopup({ rows, ticked: [], startAt: row.id, classify: false }) : setViewing(row);

  const allTicked = rows.length > 0 && rows.every((r) => selected.includes(r.id));
  const desktopTools = editable && !mobile && (
    <div className="fb-images-tools">
      <UploadPanel claimId={claimId} variant={variant} onUploaded={refresh} />
      <Checkbox
        className="fb-images-all"
        label="全选"
        checked={allTicked}
        disabled={rows.length === 0}
        onChange={() => setSelected(allTicked ? [] : rows.map((r) => r.id))}
        data-testid="picture-tick-all"
      />
      <HTMLSelect
        value={target}
        onChange={(e) => setTarget(e.currentTarget.value)}
        aria-label="分类"
        data-testid="classify-category"
        options={[{ value: '', label: '请选择分类' }, ...categories.map((c) => ({ value: c.code, label: c.label }))]}
      />
      <Button icon="tag" text="分类" loading={working} onClick={classifyTicked} data-testid="picture-classify" />
      <Button
        icon="trash"
        intent="danger"
        variant="outlined"
        text="删除"
        loading={working}
        onClick={deleteTicked}
        data-testid="picture-delete"
      />
    </div>
  );
  const mobileTools = editable && mobile && (
    <div className="fb-images-tools fb-images-tools-mobile">
      <UploadPanel claimId={claimId} variant={variant} onUploaded={refresh} />
      <Button
        size="large"
        fill
        icon="tag"
        text={selected.length > 0 ? `分类（已选 ${selected.length} 张）` : '分类'}
        onClick={openClassifyPopup}
        data-testid="picture-classify"
      />
      <p className="fb-images-hint">轻触图片选择，长按图片删除</p>
    </div>
  );

  const pages = Math.max(1, Math.ceil(total / pageSize));
  const list = (
    <div className="fb-images-pictures">
      {desktopTools}
      {mobileTools}
      {pictures.error ? (
        <Callout intent="danger" icon="error">
          {pictures.error instanceof Error ? pictures.error.message : '图片加载失败'}
        </Callout>
      ) : !pictures.data ? (
        <Spinner size={24} />
      ) : rows.length === 0 ? (
        <NonIdealState titleLevel={3} icon="media" title="暂无图片" />
      ) : (
        <PictureGrid
          rows={rows}
          selected={selected}
          editable={editable}
          variant={variant}
          onToggle={(id) => setSelected((s) => toggled(s, id))}
          onOpen={open}
          onLongPress={(row) => void remove([row.id], imageMessages.confirmDeleteOne)}
        />
      )}
      {pageSize === FIRST_PAGE && total > rows.length && (
        <Button
          variant="minimal"
          fill={mobile}
          icon="more"
          text={`加载更多（共 ${nodeCount} 张）`}
          onClick={() => setPageSize(nextPageSize(pageSize, Math.max(nodeCount, total)))}
          data-testid="pictures-more"
        />
      )}
      {pageSize > FIRST_PAGE && pages > 1 && (
        <div className="fb-images-pages">
          <Button
            icon="chevron-left"
            text="上一页"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
            data-testid="pictures-prev"
          />
          <span>
            {page} / {pages}
          </span>
          <Button
            endIcon="chevron-right"
            text="下一页"
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
            data-testid="pictures-next"
          />
        </div>
      )}
    </div>
  );

  return (
    <section className={`fb-images fb-images-${variant}`} data-testid="images-section">
      <EvidenceChecklist evidence={evidence} />
      <div className="fb-images-layout">
        <nav className="fb-images-categories" aria-label="图片分类">
          {types.error ? (
            <Callout intent="danger">{types.error instanceof Error ? types.error.message : '分类加载失败'}</Callout>
          ) : types.data ? (
            <CategoryTree nodes={nodes} selected={code} onSelect={choose} variant={variant} />
          ) : (
            <Spinner size={24} />
          )}
        </nav>
        {list}
      </div>

      {!mobile && (
        <Dialog
          isOpen={viewing !== null}
          onClose={() => setViewing(null)}
          title={viewing?.name ?? ''}
          className="fb-images-viewer"
          style={{ width: 'min(90vw, 960px)' }}
        >
          <DialogBody>
            <div data-testid="picture-viewer">{viewing && <LargePicture row={viewing} />}</div>
          </DialogBody>
        </Dialog>
      )}
      {mobile && (
        <ClassifyDialog
          isOpen={popup !== null}
          onClose={() => setPopup(null)}
          rows={popup?.rows ?? []}
          ticked={popup?.ticked ?? []}
          startAt={popup?.startAt}
          categories={categories}
          classifying={working}
          onClassify={popup?.classify && editable ? classify : undefined}
        />
      )}
      {confirm.element}
    </section>
  );
};

const EvidenceChecklist = ({ evidence }: { evidence: EvidenceStatus | null }) => {
  const items = evidenceRows(evidence);
  const missing = missingSentence(evidence);
  if (items.length === 0) return null;
  return (
    <div className="fb-images-evidence" data-testid="evidence-checklist">
      <ul>
        {items.map((item) => (
          <li key={item.code} data-testid={`evidence-${item.code}`} data-satisfied={item.satisfied ? 'true' : 'false'}>
            <Icon icon={item.satisfied ? 'tick-circle' : 'circle'} intent={item.satisfied ? 'success' : 'none'} />{' '}
            {item.name}
          </li>
        ))}
      </ul>
      {missing ? (
        <Callout intent="warning" icon="warning-sign" data-testid="evidence-missing">
          {missing}
        </Callout>
      ) : (
        <Callout intent="success" icon="tick" data-testid="evidence-complete">
          所需材料已齐全
        </Callout>
      )}
    </div>
  );
};
