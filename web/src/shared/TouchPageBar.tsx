import { Button } from '@blueprintjs/core';
import { useNavigate } from 'react-router-dom';

/**
 * Title row of a mobile page with a back button (closes the window when shown as a popup).
 * `onBack` replaces the default when leaving needs work first (a fresh claim is cancelled).
 */
export const TouchPageBar = ({
  title,
  fallback = '/touch/index',
  onBack,
}: {
  title: string;
  fallback?: string;
  onBack?: () => void;
}) => {
  const navigate = useNavigate();
  const back = () => {
    if (window.opener && window.history.length <= 1) {
      window.close();
      return;
    }
    if (window.history.state && typeof window.history.state.idx === 'number' && window.history.state.idx > 0)
      navigate(-1);
    else navigate(fallback);
  };
  return (
    <div className="fb-m-pagebar">
      <Button variant="minimal" icon="chevron-left" aria-label="返回" text="返回" onClick={onBack ?? back} />
      <h1 className="fb-m-pagetitle">{title}</h1>
      <span className="fb-m-pagebar-spacer" />
    </div>
  );
};
