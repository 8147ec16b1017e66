/**
 * The report's state: the form (the shared useForm; built once from the loaded claim, rebuilt only
 * after our own writes so a background revalidation never wipes what the user typed), the drones' flight data
 * and adding a drone from the policy by its device code.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useForm } from '../../shared/form.tsx';
import { notifyError } from '../../api/toaster.ts';
import { fetchInsuredDrones, type ClaimDetails, type DroneWithFlightData } from '../api.ts';
import { droneFrom, fromClaim, type ReportForm } from './reportForm.ts';

type FlightData = DroneWithFlightData['flightData'];

export const useReportForm = (claim: ClaimDetails | undefined) => {
  const { values: form, reset: resetForm, update: edit } = useForm<ReportForm | null>(null);
  const [flightData, setFlightData] = useState<Record<string, FlightData>>({});
  const [adding, setAdding] = useState(false);
  const builtFor = useRef<string | null>(null);
  // The claim version the form was built from: an admin's compare names it (useAdminSubmit).
  const [builtAtVersion, setBuiltAtVersion] = useState<number | undefined>(undefined);

  const remember = useCallback((drones: readonly DroneWithFlightData[]) => {
    setFlightData((m) => ({ ...m, ...Object.fromEntries(drones.map((d) => [d.deviceNumber, d.flightData])) }));
  }, []);

  const reset = useCallback(
    (c: ClaimDetails) => {
      builtFor.current = c.id;
      resetForm(fromClaim(c));
      setBuiltAtVersion(c.version);
      const codes = c.settlementUavInfoList.map((d) => d.deviceNumber).filter((x): x is string => !!x);
      // The flight summary is a convenience: a failed look-up leaves it out, silently.
      if (codes.length) fetchInsuredDrones(c.id, codes).then(remember, () => undefined);
    },
    [remember, resetForm],
  );

  useEffect(() => {
    if (claim && builtFor.current !== claim.id) reset(claim);
  }, [claim, reset]);

  /** Adds the policy's drone with this code as a new tab; answers the tab's key, or null when it failed. */
  const addDrone = useCallback(
    async (code: string): Promise<string | null> => {
      if (!claim) return null;
      setAdding(true);
      try {
        const [insured] = await fetchInsuredDrones(claim.id, [code]);
        const tab = droneFrom(insured ?? { deviceNumber: code });
        if (insured) remember([insured]);
        // a double click adds the drone once
        edit((f) => (f.drones.some((d) => d.deviceNumber === code) ? f : { ...f, drones: [...f.drones, tab] }));
        return tab.key;
      } catch (e) {
        notifyError(e);
        return null;
      } finally {
        setAdding(false);
      }
    },
    [claim, remember, edit],
  );

  return { form, builtAtVersion, edit, reset, addDrone, adding, flightData };
};
