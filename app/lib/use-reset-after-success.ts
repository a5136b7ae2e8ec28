import { useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";

/**
 * With JavaScript the page is not reloaded, so a form that was saved would keep its values: clear it once
 * its submission ended in a redirect (no reply), keep it when the server answered with errors.
 */
export function useResetAfterSuccess(reset: () => void, intent: string, lastResult: unknown) {
  const navigation = useNavigation();
  const submitting = useRef(false);
  useEffect(() => {
    if (navigation.state !== "idle") {
      if (navigation.formData?.get("intent") === intent) submitting.current = true;
      return;
    }
    if (submitting.current && !lastResult) reset();
    submitting.current = false;
  }, [navigation.state, navigation.formData, intent, lastResult, reset]);
}
