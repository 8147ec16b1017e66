import { BackToTop } from '../../components/BackToTop.tsx';
import { Slides } from '../../components/Slides.tsx';

export const TouchLanding = () => (
  <>
    <Slides variant="mobile" insureTo="/touch/guide" claimTo="/touch/applyForCompensation" />
    <BackToTop />
  </>
);
