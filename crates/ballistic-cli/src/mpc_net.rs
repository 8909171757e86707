//! `ballistic mpc dealer` / `ballistic mpc party`: the multi-party range
//! proof (`ballistic::range::mpc`) between separate processes over TCP.
//!
//! Frames: `kind (1 byte) ‖ LE32 length ‖ payload`, payload at most 64 KiB.
//!
//! | kind | direction | payload |
//! |---|---|---|
//! | 1 `Setup` | dealer → party | `group (0 ristretto255, 1 secp256k1) ‖ n ‖ m ‖ position` (4 bytes) |
//! | 2 `BitCommitment` | party → dealer | the message's bytes (`ballistic::range::mpc`) |
//! | 3 `BitChallenge` | dealer → party | 〃 |
//! | 4 `PolyCommitment` | party → dealer | 〃 |
//! | 5 `PolyChallenge` | dealer → party | 〃 |
//! | 6 `ProofShare` | party → dealer | 〃 |
//! | 7 `Abort` | dealer → party | UTF-8 reason |
//! | 8 `Done` | dealer → party | empty |
//!
//! The dealer numbers parties in the order they connect. Every read and
//! write has a timeout; a party that disconnects, times out or sends
//! anything malformed fails the run with an error naming it, and the other
//! parties get an `Abort`.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::time::{Duration, Instant};

use ballistic::encoding::to_hex;
use ballistic::file::{self, RangeProofFile};
use ballistic::group::{Group, GroupId, ScalarOps};
use ballistic::range::mpc::{BitChallenge, BitCommitment, Dealer, Party, PolyChallenge, PolyCommitment, ProofShare};
use ballistic::{new_transcript, BulletproofGens, PedersenGens, RangeShape};

use crate::files::write_text;

const SETUP: u8 = 1;
const BIT_COMMITMENT: u8 = 2;
const BIT_CHALLENGE: u8 = 3;
const POLY_COMMITMENT: u8 = 4;
const POLY_CHALLENGE: u8 = 5;
const PROOF_SHARE: u8 = 6;
const ABORT: u8 = 7;
const DONE: u8 = 8;
const MAX_FRAME: usize = 1 << 16;

/// The `Setup` frame's group byte: a group's position here. Fixed by the
/// wire format (not `GroupId::ALL`, which may grow in another order).
const WIRE_GROUPS: [GroupId; 2] = [GroupId::Ristretto255, GroupId::Secp256k1];

fn kind_name(kind: u8) -> &'static str {
    match kind {
        SETUP => "setup",
        BIT_COMMITMENT => "bit commitment",
        BIT_CHALLENGE => "bit challenge",
        POLY_COMMITMENT => "polynomial commitment",
        POLY_CHALLENGE => "polynomial challenge",
        PROOF_SHARE => "proof share",
        ABORT => "abort",
        DONE => "done",
        _ => "unknown message",
    }
}

fn io_reason(e: &std::io::Error) -> String {
    use std::io::ErrorKind::*;
    match e.kind() {
        UnexpectedEof | ConnectionReset | ConnectionAborted | BrokenPipe => "disconnected".into(),
        WouldBlock | TimedOut => "timed out".into(),
        _ => e.to_string(),
    }
}

fn send(stream: &mut TcpStream, kind: u8, payload: &[u8]) -> Result<(), String> {
    let mut frame = Vec::with_capacity(5 + payload.len());
    frame.push(kind);
    frame.extend_from_slice(&(payload.len() as u32).to_le_bytes());
    frame.extend_from_slice(payload);
    stream.write_all(&frame).and_then(|()| stream.flush()).map_err(|e| io_reason(&e))
}

/// Read one frame of the expected kind (an `Abort` is reported as such).
fn receive(stream: &mut TcpStream, expect: u8) -> Result<Vec<u8>, String> {
    let mut head = [0u8; 5];
    stream.read_exact(&mut head).map_err(|e| io_reason(&e))?;
    let len = u32::from_le_bytes([head[1], head[2], head[3], head[4]]) as usize;
    if len > MAX_FRAME {
        return Err(format!("sent a frame of {len} bytes (at most {MAX_FRAME})"));
    }
    let mut payload = vec![0u8; len];
    stream.read_exact(&mut payload).map_err(|e| io_reason(&e))?;
    if head[0] == ABORT && expect != ABORT {
        return Err(format!("aborted: {}", String::from_utf8_lossy(&payload)));
    }
    if head[0] != expect {
        return Err(format!("sent a {} where a {} was expected", kind_name(head[0]), kind_name(expect)));
    }
    Ok(payload)
}

/// Options of `mpc dealer`.
pub struct DealerOptions<'a> {
    pub group: GroupId,
    pub parties: usize,
    pub bits: usize,
    pub listen: &'a str,
    pub out: &'a Path,
    pub label: &'a str,
    pub timeout: Duration,
}

/// Run the dealer: accept `parties` connections, run the protocol, write
/// the proof file.
pub fn dealer(opt: &DealerOptions<'_>) -> Result<(), String> {
    let group_byte = WIRE_GROUPS
        .iter()
        .position(|g| *g == opt.group)
        .ok_or_else(|| format!("group {} cannot be announced to parties", opt.group.name()))?;
    ballistic::with_group!(opt.group, G => dealer_in::<G>(opt, group_byte as u8))
}

fn dealer_in<G: Group>(opt: &DealerOptions<'_>, group_byte: u8) -> Result<(), String> {
    let shape = RangeShape::new(opt.bits, opt.parties).map_err(|e| e.to_string())?;
    file::check_label(opt.label).map_err(|e| e.to_string())?;
    let listener = TcpListener::bind(opt.listen).map_err(|e| format!("cannot listen on {}: {e}", opt.listen))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    println!("listening on {addr}");
    std::io::stdout().flush().ok();

    // Accept the parties, in order, before the deadline.
    listener.set_nonblocking(true).map_err(|e| e.to_string())?;
    let deadline = Instant::now() + opt.timeout;
    let mut streams: Vec<TcpStream> = Vec::with_capacity(shape.m);
    while streams.len() < shape.m {
        match listener.accept() {
            Ok((mut s, peer)) => {
                let j = streams.len();
                s.set_nonblocking(false).map_err(|e| e.to_string())?;
                s.set_read_timeout(Some(opt.timeout)).map_err(|e| e.to_string())?;
                s.set_write_timeout(Some(opt.timeout)).map_err(|e| e.to_string())?;
                s.set_nodelay(true).ok();
                // Each party learns its position as it connects.
                send(&mut s, SETUP, &[group_byte, shape.n as u8, shape.m as u8, j as u8])
                    .map_err(|e| format!("party {j} {e}"))?;
                println!("party {j} connected from {peer}");
                streams.push(s);
            }
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                if Instant::now() > deadline {
                    return Err(format!("only {} of {} parties connected before the timeout", streams.len(), shape.m));
                }
                std::thread::sleep(Duration::from_millis(10));
            }
            Err(e) => return Err(format!("accept failed: {e}")),
        }
    }
    let result = run_dealer::<G>(opt, shape, &mut streams);
    match &result {
        Ok(()) => {
            for s in streams.iter_mut() {
                let _ = send(s, DONE, &[]);
            }
        }
        Err(reason) => {
            for s in streams.iter_mut() {
                let _ = send(s, ABORT, reason.as_bytes());
            }
        }
    }
    result
}

/// Read one message from every party; a failure names the party.
fn gather<M>(
    streams: &mut [TcpStream],
    kind: u8,
    decode: impl Fn(&[u8]) -> Result<M, ballistic::ProofError>,
) -> Result<Vec<M>, String> {
    let mut out = Vec::with_capacity(streams.len());
    for (j, s) in streams.iter_mut().enumerate() {
        let payload = receive(s, kind).map_err(|e| format!("party {j} {e}"))?;
        out.push(decode(&payload).map_err(|e| format!("party {j} sent a malformed {}: {e}", kind_name(kind)))?);
    }
    Ok(out)
}

fn broadcast(streams: &mut [TcpStream], kind: u8, payload: &[u8]) -> Result<(), String> {
    for (j, s) in streams.iter_mut().enumerate() {
        send(s, kind, payload).map_err(|e| format!("party {j} {e}"))?;
    }
    Ok(())
}

fn run_dealer<G: Group>(opt: &DealerOptions<'_>, shape: RangeShape, streams: &mut [TcpStream]) -> Result<(), String> {
    let (n, m) = (shape.n, shape.m);
    let bp = BulletproofGens::<G>::new(shape.gens_per_party_needed(), shape.parties_needed());
    let pc = PedersenGens::<G>::default();
    let mut transcript = new_transcript(opt.label.as_bytes());
    let blame = |e: ballistic::range::mpc::MpcError| e.to_string();
    let dealer = Dealer::new(&bp, &pc, &mut transcript, n, m).map_err(blame)?;

    let bits = gather(streams, BIT_COMMITMENT, BitCommitment::<G>::from_bytes)?;
    let (dealer, challenge) = dealer.receive_bit_commitments(bits).map_err(blame)?;
    broadcast(streams, BIT_CHALLENGE, &challenge.to_bytes())?;

    let polys = gather(streams, POLY_COMMITMENT, PolyCommitment::<G>::from_bytes)?;
    let (dealer, challenge) = dealer.receive_poly_commitments(polys).map_err(blame)?;
    broadcast(streams, POLY_CHALLENGE, &challenge.to_bytes())?;

    let shares = gather(streams, PROOF_SHARE, ProofShare::<G>::from_bytes)?;
    let (proof, commitments) = dealer.receive_shares(shares).map_err(blame)?;
    let proof_file = RangeProofFile::from_proof::<G>(&proof, n, &commitments, opt.label).map_err(|e| e.to_string())?;
    write_text(opt.out, &proof_file.to_json())?;
    println!("proof of {m} values written to {}", opt.out.display());
    Ok(())
}

/// Options of `mpc party`.
pub struct PartyOptions<'a> {
    pub value: u64,
    pub blinding: Option<&'a str>,
    pub connect: &'a str,
    pub timeout: Duration,
    /// Test hook: stop answering after sending the bit commitment (to
    /// simulate a party that dies mid-protocol).
    pub stall_after_bit_commitment: bool,
}

/// Run one party against the dealer at `connect`.
pub fn party(opt: &PartyOptions<'_>) -> Result<(), String> {
    let mut stream = TcpStream::connect(opt.connect).map_err(|e| format!("cannot connect to {}: {e}", opt.connect))?;
    stream.set_read_timeout(Some(opt.timeout)).map_err(|e| e.to_string())?;
    stream.set_write_timeout(Some(opt.timeout)).map_err(|e| e.to_string())?;
    stream.set_nodelay(true).ok();
    let setup = receive(&mut stream, SETUP).map_err(|e| format!("dealer {e}"))?;
    let [group_byte, n, m, j] = <[u8; 4]>::try_from(setup.as_slice()).map_err(|_| "dealer sent a malformed setup")?;
    let (n, m, j) = (n as usize, m as usize, j as usize);
    println!("connected as party {j} of {m} ({n}-bit values)");
    std::io::stdout().flush().ok();
    let group = WIRE_GROUPS
        .get(group_byte as usize)
        .ok_or_else(|| format!("dealer announced an unknown group {group_byte}"))?;
    ballistic::with_group!(*group, G => party_in::<G>(opt, &mut stream, n, j))
}

fn party_in<G: Group>(opt: &PartyOptions<'_>, stream: &mut TcpStream, n: usize, j: usize) -> Result<(), String> {
    let blinding = match opt.blinding {
        Some(h) => file::parse_blinding::<G>(0, h).map_err(|e| e.to_string())?,
        None => <G::Scalar as ScalarOps>::random(&mut rand_core::OsRng),
    };
    let bp = BulletproofGens::<G>::new(n, j + 1);
    let pc = PedersenGens::<G>::default();
    let (party, bit) =
        Party::new(&bp, &pc, opt.value, blinding, n).and_then(|p| p.assign_position(j)).map_err(|e| e.to_string())?;
    send(stream, BIT_COMMITMENT, &bit.to_bytes()).map_err(|e| format!("dealer {e}"))?;
    println!("commitment {}", to_hex(G::compressed_bytes(&bit.v.compressed)));
    println!("sent bit commitment");
    std::io::stdout().flush().ok();
    if opt.stall_after_bit_commitment {
        loop {
            std::thread::sleep(Duration::from_secs(3600));
        }
    }
    let challenge = receive(stream, BIT_CHALLENGE)
        .and_then(|b| BitChallenge::<G>::from_bytes(&b).map_err(|e| format!("sent a malformed bit challenge: {e}")))
        .map_err(|e| format!("dealer {e}"))?;
    let (party, poly) = party.apply_challenge(&challenge).map_err(|e| e.to_string())?;
    send(stream, POLY_COMMITMENT, &poly.to_bytes()).map_err(|e| format!("dealer {e}"))?;
    let challenge = receive(stream, POLY_CHALLENGE)
        .and_then(|b| PolyChallenge::<G>::from_bytes(&b).map_err(|e| format!("sent a malformed challenge: {e}")))
        .map_err(|e| format!("dealer {e}"))?;
    let share = party.apply_challenge(&challenge).map_err(|e| e.to_string())?;
    send(stream, PROOF_SHARE, &share.to_bytes()).map_err(|e| format!("dealer {e}"))?;
    receive(stream, DONE).map_err(|e| format!("dealer {e}"))?;
    println!("done");
    Ok(())
}
