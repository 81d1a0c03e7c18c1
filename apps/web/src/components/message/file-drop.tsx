import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  type DragEvent,
  type ReactNode,
} from 'react';
import { Icon } from '../dialog';
import './file-drop.css';

type AddFiles = (files: FileList) => void;
const DropContext = createContext<((add: AddFiles | undefined) => void) | undefined>(undefined);

const hasFiles = (e: DragEvent) => e.dataTransfer.types.includes('Files');

/** Files dropped anywhere in the area go to its composer, as in Slack; a veil says where they go. */
export function FileDropArea({
  label,
  className,
  element: Element = 'div',
  ariaLabel,
  children,
}: {
  label: string;
  className?: string;
  element?: 'div' | 'aside';
  ariaLabel?: string;
  children: ReactNode;
}) {
  const target = useRef<AddFiles>(undefined);
  const depth = useRef(0);
  const [over, setOver] = useState(false);
  const register = useCallback((add: AddFiles | undefined) => {
    target.current = add;
  }, []);
  const leave = () => {
    depth.current = 0;
    setOver(false);
  };
  return (
    <DropContext.Provider value={register}>
      <Element
        className={className}
        aria-label={ariaLabel}
        onDragEnter={(e) => {
          if (!target.current || !hasFiles(e)) return;
          depth.current += 1;
          setOver(true);
        }}
        onDragLeave={() => {
          // Entering a child fires a leave on the parent first: count, and hide only on the last.
          depth.current -= 1;
          if (depth.current <= 0) leave();
        }}
        onDragOver={(e) => {
          if (target.current && hasFiles(e)) e.preventDefault();
        }}
        onDrop={(e) => {
          leave();
          if (!target.current || e.dataTransfer.files.length === 0) return;
          e.preventDefault();
          target.current(e.dataTransfer.files);
        }}
      >
        {children}
        {over && (
          <div className="file-drop-veil" aria-hidden="true">
            <Icon name="paperclip" size={28} />
            <span>{label}</span>
          </div>
        )}
      </Element>
    </DropContext.Provider>
  );
}

/** Makes this composer the one a surrounding FileDropArea gives its files to; true when there is one. */
export function useFileDropTarget(add: AddFiles | undefined): boolean {
  const register = useContext(DropContext);
  const latest = useRef(add);
  useEffect(() => {
    latest.current = add;
  });
  const enabled = !!add;
  useEffect(() => {
    if (!register) return;
    register(enabled ? (files) => latest.current?.(files) : undefined);
    return () => register(undefined);
  }, [register, enabled]);
  return !!register;
}
