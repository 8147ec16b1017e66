/**
 * The insure form, one component per section: covers, cover lines, insurers, flight
 * information, drones, pilots, devices, head counts and the site. Every edit goes through
 * applyRules, so the form's automatic rules show as the user types. Read-only (show=true,
 * the plan page) disables every control.
 */
import { startTransition, useEffect, useState } from 'react';
import { Tag } from '@blueprintjs/core';
import { CoverGroup, CoverId, type InsuranceType, type Insurer } from '@feibao/domain/ordering/catalogue';
import { toast } from '../../api/toaster.ts';
import type { Variant } from '../../shared/site.ts';
import type { DroneBrand } from '../api.ts';
import { FormLook } from './controls.tsx';
import { CoversSections, LinesSection } from './CoverSections.tsx';
import { DronesSection } from './DronesSection.tsx';
import { FlyingSection } from './FlyingSection.tsx';
import { applyRules, toggleCover, type FormState } from './formState.ts';
import { InsurersSection } from './InsurersSection.tsx';
import { DevicesSection, PeopleSection, PilotsSection } from './PeopleSections.tsx';
import { SiteSection } from './SiteSection.tsx';

type Props = {
  value: FormState;
  /** Receives an updater; the result has the automatic rules applied. */
  onChange: (update: (s: FormState) => FormState) => void;
  covers: readonly InsuranceType[];
  insurers: readonly Insurer[];
  brands: readonly DroneBrand[];
  readOnly?: boolean;
  variant: Variant;
};

export const InsureForm = ({ value, onChange, covers, insurers, brands, readOnly = false, variant }: Props) => {
  const mobile = variant === 'mobile';
  const edit = (fn: (s: FormState) => FormState) => onChange((s) => applyRules(fn(s)));
  const toggle = (coverId: number, checked: boolean) =>
    onChange((s) => {
      const r = toggleCover(s, coverId, checked, covers);
      if (r.warning) setTimeout(() => toast.warning(r.warning!), 0);
      return r.state;
    });

  // The covers fill a phone's first screen; the sections below them are drawn in a second pass, so
  // that neither pass is one long task of the first load (each commit lays out what it adds).
  const [below, setBelow] = useState(false);
  useEffect(() => startTransition(() => setBelow(true)), []);

  const isType1 = value.orderType === 1;
  const selected = new Set(value.insuranceTypeInfoList.map((l) => l.insuranceTypeId));
  const droneCovers = [...selected].some((id) => covers.find((c) => c.id === id)?.groupCode === CoverGroup.drone);

  return (
    <FormLook.Provider value={{ large: mobile, readOnly, lockedByFieldset: true }}>
      <fieldset className={`fb-insure-form fb-insure-${variant}`} disabled={readOnly} aria-label="投保信息">
        <CoversSections value={value} covers={covers} toggle={toggle} />
        <LinesSection value={value} edit={edit} toggle={toggle} mobile={mobile} />
        {!isType1 && <InsurersSection value={value} insurers={insurers} edit={edit} />}
        {below && (
          <>
            <FlyingSection value={value} edit={edit} />
            {(!isType1 || droneCovers) && <DronesSection value={value} brands={brands} edit={edit} />}
            {(!isType1 || droneCovers) && <PilotsSection value={value} edit={edit} />}
            {!isType1 && <DevicesSection value={value} edit={edit} />}
            <PeopleSection value={value} edit={edit} />
            {selected.has(CoverId.siteLiability) && <SiteSection value={value} edit={edit} />}
          </>
        )}
        {readOnly && value.orderNo && (
          <p className="fb-muted">
            订单号 <Tag minimal>{value.orderNo}</Tag>
          </p>
        )}
      </fieldset>
    </FormLook.Provider>
  );
};
