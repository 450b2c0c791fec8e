import { useEffect, useRef, useState } from 'react';
import { qrDecoder, type QrDecoder } from './qr-decoder.ts';

export { cameraScanAvailable } from './qr-decoder.ts';

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
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const look = async (detector: QrDecoder) => {
      if (stopped || !video.current) return;
      const codes = await detector.detect(video.current).catch(() => []);
      if (stopped) return;
      if (codes[0]) found.current(codes[0].rawValue);
      else timer = setTimeout(() => void look(detector), 250);
    };
    const camera = navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } }).then((media) => (stream = media));
    // The reader loads (qr-decoder.ts) while the camera starts.
    Promise.all([camera, qrDecoder()])
      .then(async ([media, detector]) => {
        if (stopped || !video.current) return media.getTracks().forEach((track) => track.stop());
        video.current.srcObject = media;
        await video.current.play();
        void look(detector);
      })
      .catch(() => {
        stream?.getTracks().forEach((track) => track.stop());
        setFailed(true);
      });
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
