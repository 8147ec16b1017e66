import { InputGroup } from '@blueprintjs/core';
import type { IconName, InputGroupProps } from '@blueprintjs/core';
import type { Variant } from '../shared/site.ts';

/** The account forms' look per site: desktop panels sit in a dialog, mobile forms fill a page. */
export const accountFormClass = (variant: Variant) => (variant === 'mobile' ? 'fb-m-form' : 'fb-auth-panel');

type Props = InputGroupProps & { variant: Variant; icon?: IconName };

/** A text input of an account form: large on mobile, with a leading icon on desktop. */
export const AccountInput = ({ variant, icon, ...props }: Props) =>
  variant === 'mobile' ? <InputGroup size="large" {...props} /> : <InputGroup leftIcon={icon} {...props} />;
