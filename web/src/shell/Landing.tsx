import { BackToTop } from '../shared/BackToTop.tsx';
import type { Variant } from '../shared/site.ts';
import { Slides } from './Slides.tsx';

/** /index/index and /touch/index: the full-page slides. */
export const Landing = ({ variant }: { variant: Variant }) =>
  variant === 'mobile' ? (
    <>
      <Slides variant="mobile" insureTo="/touch/guide" claimTo="/touch/applyForCompensation" />
      <BackToTop />
    </>
  ) : (
    <>
      <Slides variant="desktop" insureTo="/platform/guide" claimTo="/platform/applyForCompensation" />
      <BackToTop />
    </>
  );
