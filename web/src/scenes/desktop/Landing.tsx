import { BackToTop } from '../../components/BackToTop.tsx';
import { Slides } from '../../components/Slides.tsx';

export const Landing = () => (
  <>
    <Slides variant="desktop" insureTo="/platform/guide" claimTo="/platform/applyForCompensation" />
    <BackToTop />
  </>
);
