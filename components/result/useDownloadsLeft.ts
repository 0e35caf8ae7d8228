import { readAmount } from '@/lib/contract/tolerant';
import { downloadsSince, getConnection } from '@/lib/db/queries';
import { downloadsLeft } from '@/lib/files/download-allowance';
import { useLiveQuery } from '@/components/common/useLiveQuery';
import { DAY_MS } from '@/lib/time';

interface DownloadsLeft {
  /** Bytes left now, or null when the connection has not been read (nothing is downloaded then). */
  left: number | null;
  /** The site's allowance per 24 hours (GET /me limits). */
  allowance: number | null;
}

/**
 * Downloads left now (GET /me's reading less the downloads the background recorded since, as it counts) and the
 * site's own allowance, so the figure reads as the Connection tab shows it. Undefined until first read.
 */
export function useDownloadsLeft(): DownloadsLeft | undefined {
  const live = useLiveQuery(async (db): Promise<DownloadsLeft> => {
    const conn = await getConnection(db);
    const records = await downloadsSince(db, Date.now() - DAY_MS);
    if (!conn?.me) return { left: null, allowance: null };
    return {
      left: downloadsLeft(
        {
          leftBytes: readAmount(conn.me.downloadsLeftBytes) ?? null,
          readAt: conn.meAt ? Date.parse(conn.meAt) : Date.now(),
        },
        records,
      ),
      allowance: readAmount(conn.me.limits.downloadBytesPerDay) ?? null,
    };
  }, []);
  return live.loaded ? live.value : undefined;
}
