import { startTransition, useCallback, useEffect, useState } from 'react';

export type MicrophonePermission = PermissionState | 'unknown';

export interface Microphone {
  deviceId: string;
  label: string;
}

/** Audio inputs and the microphone permission, kept current as devices come and go. */
export function useMicrophones() {
  const [microphones, setMicrophones] = useState<Microphone[]>([]);
  const [permission, setPermission] = useState<MicrophonePermission>('unknown');

  const refresh = useCallback(async () => {
    if (!navigator.mediaDevices?.enumerateDevices) return;
    try {
      const devices = await navigator.mediaDevices.enumerateDevices();
      const inputs = devices.filter((d) => d.kind === 'audioinput' && d.deviceId !== '' && d.deviceId !== 'default' && d.deviceId !== 'communications');
      // Labels are empty until the page may use the microphone; numbered names are better than blanks.
      const found = inputs.map((d, i) => ({ deviceId: d.deviceId, label: d.label || `Microphone ${i + 1}` }));
      // As a transition: the answer comes while the Record tab is loading, and re-renders all of it (in
      // slices that leave it answering taps, not one long task: docs/first-load.md).
      startTransition(() => setMicrophones(found));
    } catch {
      startTransition(() => setMicrophones([]));
    }
  }, []);

  useEffect(() => {
    void refresh();
    const media = navigator.mediaDevices;
    const onDeviceChange = () => void refresh();
    media?.addEventListener?.('devicechange', onDeviceChange);

    let status: PermissionStatus | null = null;
    const onPermission = () => {
      if (!status) return;
      setPermission(status.state);
      void refresh();
    };
    let cancelled = false;
    navigator.permissions
      ?.query({ name: 'microphone' })
      .then((result) => {
        if (cancelled) return;
        status = result;
        startTransition(() => setPermission(result.state));
        result.addEventListener('change', onPermission);
      })
      .catch(() => undefined); // Firefox before 131 does not know "microphone": stay 'unknown'.

    return () => {
      cancelled = true;
      media?.removeEventListener?.('devicechange', onDeviceChange);
      status?.removeEventListener('change', onPermission);
    };
  }, [refresh]);

  return { microphones, permission, refresh };
}
