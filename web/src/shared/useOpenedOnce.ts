import { useState } from 'react';

/**
 * True from the first render a dialog is open: a lazily loaded dialog is fetched when first opened, then
 * kept mounted so that closing animates as before.
 */
export const useOpenedOnce = (open: boolean) => {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened;
};
