import { useEffect, useRef, useState } from 'react';

/** The part of the Barcode Detection API used here (not yet in TypeScript's DOM types). */
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type BarcodeDetectorClass = new (options: { formats: string[] }) => BarcodeDetectorLike;

const detectorClass = () => (window as unknown as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;

/** Whether this browser reads QR codes itself: the camera button exists only then. */
export const cameraScanAvailable = () => typeof window !== 'undefined' && detectorClass() !== undefined && !!navigator.mediaDevices;

/**
 * Scanning with the device's camera (the back one on a phone): each frame is looked at a few
 * times a second; the first code read is handed on and the camera stops.
 */
export function CameraScan({ onCode }: { onCode: (code: string) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-outline btn-lg w-full" aria-pressed={open} onClick={() => setOpen(!open)}>
        {open ? 'Stop camera' : 'Scan with camera'}
      </button>
      {open && (
        <CameraView
          onCode={(code) => {
            setOpen(false);
            onCode(code);
          }}
        />
      )}
    </>
  );
}

function CameraView({ onCode }: { onCode: (code: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  const found = useRef(onCode);
  useEffect(() => {
    found.current = onCode;
  });
  useEffect(() => {
    const Detector = detectorClass();
    if (!Detector) return;
    const detector = new Detector({ formats: ['qr_code'] });
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const look = async () => {
      if (stopped || !video.current) return;
      const codes = await detector.detect(video.current).catch(() => []);
      if (stopped) return;
      if (codes[0]) found.current(codes[0].rawValue);
      else timer = setTimeout(() => void look(), 250);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' } })
      .then(async (media) => {
        stream = media;
        if (stopped || !video.current) return media.getTracks().forEach((track) => track.stop());
        video.current.srcObject = media;
        await video.current.play();
        void look();
      })
      .catch(() => setFailed(true));
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);
  if (failed) {
    return (
      <p role="alert" className="text-error">
        The camera could not be opened. Allow the camera for this site, or type the code.
      </p>
    );
  }
  return (
    <video ref={video} className="aspect-square w-full rounded-box bg-base-300 object-cover" muted playsInline aria-label="Camera view" />
  );
}
