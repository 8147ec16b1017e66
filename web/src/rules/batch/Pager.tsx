import { useEffect, useState } from 'react';
import { Pager } from '../../shared/Pager.tsx';

/** 上一页 / 第 n / m 页，共 t 个 / 下一页; nothing when everything fits on one page. */
export const RulesPager = ({
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
  if (total <= pageSize && page === 1) return null;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Pager look="rules" page={page} pages={pages} onPage={onPage} total={{ count: total, unit }} testId="rules-pager" />
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
