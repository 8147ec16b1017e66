import { NonIdealState as BlueprintNonIdealState } from '@blueprintjs/core';
import type { NonIdealStateProps } from '@blueprintjs/core';

type Props = NonIdealStateProps & {
  /**
   * The title's heading level. 2 (the default): the state stands in for the page's content under its
   * h1; 1 on a page of its own (404, 正在登录); 3 inside a section of a page.
   */
  titleLevel?: 1 | 2 | 3;
};

/**
 * Blueprint's NonIdealState, with a title of the heading level the page needs. Blueprint always makes
 * the title an h4, which skips levels under a page's h1: screen readers' outline of the page, and
 * axe and Lighthouse (heading order), count that as a fault.
 */
export const NonIdealState = ({ title, description, titleLevel = 2, ...rest }: Props) => {
  const Heading = `h${titleLevel}` as const;
  const text =
    title || description ? (
      <>
        {title && <Heading className="bp6-heading fb-state-title">{title}</Heading>}
        {description && <div>{description}</div>}
      </>
    ) : undefined;
  return <BlueprintNonIdealState {...rest} description={text} />;
};
