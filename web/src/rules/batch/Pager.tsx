import { useEffect, useState } from 'react';
import { Button } from '@blueprintjs/core';

/** 上一页 / 第 n / m 页，共 t 个 / 下一页; nothing when everything fits on one page. */
export const Pager = ({
  page,
  pageSize,
  total,
  unit,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  unit: string;
  onPage: (page: number) => void;
}) => {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total <= pageSize && page === 1) return null;
  return (
    <div className="rp-toolbar" data-testid="rules-pager">
      <Button icon="chevron-left" aria-label="上一页" disabled={page <= 1} onClick={() => onPage(page - 1)} />
      <span>
        第 {page} / {pages} 页，共 {total} {unit}
      </span>
      <Button icon="chevron-right" aria-label="下一页" disabled={page >= pages} onClick={() => onPage(page + 1)} />
    </div>
  );
};

/** A search box's text once typing pauses, so each keystroke is not a request. */
const useSettled = (value: string, ms = 300) => {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
};

/** A page number belongs to its search: a new keyword starts again at page 1. */
export const usePagedSearch = () => {
  const [search, setSearch] = useState('');
  const keyword = useSettled(search);
  const [at, setAt] = useState({ keyword: '', page: 1 });
  const page = at.keyword === keyword ? at.page : 1;
  return { search, setSearch, keyword, page, setPage: (next: number) => setAt({ keyword, page: next }) };
};
