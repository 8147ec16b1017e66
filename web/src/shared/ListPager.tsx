/** The list pages' pager. The page lives in the address (?page=n) so a reload or a shared link keeps it. */
import { useSearchParams } from 'react-router-dom';
import { Pager } from './Pager.tsx';

/** The page in the address (1 when absent or unreadable) and a move to another, back at the top. */
export const usePageParam = () => {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const goPage = (n: number) => {
    const p = new URLSearchParams(params);
    p.set('page', String(n));
    setParams(p);
    window.scrollTo(0, 0);
  };
  return { page, goPage };
};

type Props = {
  /** The page the server answered; nothing shows until it has and while it holds no rows. */
  data: { totalCount: number; pageSize: number } | undefined;
  /** The size asked for, when the answer carries none. */
  pageSize: number;
  testId?: string;
};

export const ListPager = ({ data, pageSize, testId }: Props) => {
  const { page, goPage } = usePageParam();
  if (!data || data.totalCount <= 0) return null;
  const pages = Math.max(1, Math.ceil(data.totalCount / (data.pageSize || pageSize)));
  return (
    <Pager look="list" page={page} pages={pages} onPage={goPage} total={{ count: data.totalCount }} testId={testId} />
  );
};
