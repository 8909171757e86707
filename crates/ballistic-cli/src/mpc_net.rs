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
//! The dealer numbers parties in the order they connect. A party checks the
//! `Setup` (known group, `n` and `m` in `1..=64`, position below `m`) before
//! it does any work for it.
//!
//! **Timeouts are deadlines.** `--timeout t` bounds whole messages, not
//! single reads: every frame must be read (and written) completely within
//! `t` of the moment its wait began — each read or write gets only the time
//! left, so a peer trickling bytes gains nothing. The dealer accepts all
//! parties within `t`, then gives each round `t`: it reads that round's
//! messages from all parties concurrently (a thread per party), and the
//! round fails when its deadline passes with the slow party named. A party
//! waits at most `t` for each message from the dealer. A party that
//! disconnects, times out or sends anything malformed fails the run with an
//! error naming it, and the other parties get an `Abort`.
//!
//! Text from a peer (an `Abort` reason) is shown and relayed only escaped
//! (control and bidirectional-override characters as `\u{..}`) and cut to
//! [`MAX_PEER_TEXT`] characters.

use std::io::{Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::path::Path;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use ballistic::file::{self, RangeProofFile};
use ballistic::group::{Group, GroupId, ScalarOps};
use ballistic::hazmat::to_hex;
use ballistic::range::mpc::{BitChallenge, BitCommitment, Dealer, Party, PolyChallenge, PolyCommitment, ProofShare};
use ballistic::{new_transcript, Generators, RangeShape};

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

/// At most this many characters of a peer's text are shown or relayed.
const MAX_PEER_TEXT: usize = 200;

/// How long the dealer waits past a round's deadline for its readers to
/// report (each gives up by the deadline; this covers only scheduling).
const READER_GRACE: Duration = Duration::from_millis(500);

const TIMED_OUT: &str = "timed out";

fn io_reason(e: &std::io::Error) -> String {
    use std::io::ErrorKind::*;
    match e.kind() {
        UnexpectedEof | ConnectionReset | ConnectionAborted | BrokenPipe => "disconnected".into(),
        WouldBlock | TimedOut => TIMED_OUT.into(),
        _ => e.to_string(),
    }
}

/// A peer's text made safe for a terminal, a log line and relaying: lossy
/// UTF-8, at most [`MAX_PEER_TEXT`] characters, escaped by the CLI's one
/// escaper ([`crate::term::escape`]: control, line-separator and
/// bidirectional characters as `\u{..}`; escaping twice changes nothing,
/// so the error line printed later is not escaped again).
fn sanitize(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    let mut chars = text.chars();
    let mut out: String = chars.by_ref().take(MAX_PEER_TEXT).collect();
    if chars.next().is_some() {
        out.push('…');
    }
    crate::term::escape(&out)
}

/// The deadline `timeout` from now.
fn deadline_after(timeout: Duration) -> Result<Instant, String> {
    Instant::now().checked_add(timeout).ok_or_else(|| format!("timeout of {} s is too large", timeout.as_secs()))
}

/// The time left before `deadline`; an error once it has passed.
fn time_left(deadline: Instant) -> Result<Duration, String> {
    let left = deadline.saturating_duration_since(Instant::now());
    if left.is_zero() {
        Err(TIMED_OUT.into())
    } else {
        Ok(left)
    }
}

/// Fill `buf` by `deadline`: each read may block only for the time left.
fn read_by(stream: &mut TcpStream, buf: &mut [u8], deadline: Instant) -> Result<(), String> {
    let mut filled = 0;
    while filled < buf.len() {
        let Some(rest) = buf.get_mut(filled..) else { break };
        stream.set_read_timeout(Some(time_left(deadline)?)).map_err(|e| e.to_string())?;
        match stream.read(rest) {
            Ok(0) => return Err("disconnected".into()),
            Ok(k) => filled += k,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(io_reason(&e)),
        }
    }
    Ok(())
}

/// Write all of `data` by `deadline`: each write may block only for the
/// time left.
fn write_by(stream: &mut TcpStream, mut data: &[u8], deadline: Instant) -> Result<(), String> {
    while !data.is_empty() {
        stream.set_write_timeout(Some(time_left(deadline)?)).map_err(|e| e.to_string())?;
        match stream.write(data) {
            Ok(0) => return Err("disconnected".into()),
            Ok(k) => data = data.get(k..).unwrap_or_default(),
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(io_reason(&e)),
        }
    }
    Ok(())
}

/// Send one frame, completely, by `deadline`.
fn send(stream: &mut TcpStream, kind: u8, payload: &[u8], deadline: Instant) -> Result<(), String> {
    let mut frame = Vec::with_capacity(5 + payload.len());
    frame.push(kind);
    frame.extend_from_slice(&(payload.len() as u32).to_le_bytes());
    frame.extend_from_slice(payload);
    write_by(stream, &frame, deadline)
}

/// Read one frame of the expected kind, completely, by `deadline` (an
/// `Abort` is reported as such, its reason sanitized).
fn receive(stream: &mut TcpStream, expect: u8, deadline: Instant) -> Result<Vec<u8>, String> {
    let mut head = [0u8; 5];
    read_by(stream, &mut head, deadline)?;
    let [kind, l0, l1, l2, l3] = head;
    let len = u32::from_le_bytes([l0, l1, l2, l3]) as usize;
    if len > MAX_FRAME {
        return Err(format!("sent a frame of {len} bytes (at most {MAX_FRAME})"));
    }
    let mut payload = vec![0u8; len];
    read_by(stream, &mut payload, deadline)?;
    if kind == ABORT && expect != ABORT {
        return Err(format!("aborted: {}", sanitize(&payload)));
    }
    if kind != expect {
        return Err(format!("sent a {} where a {} was expected", kind_name(kind), kind_name(expect)));
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

    let mut streams: Vec<TcpStream> = Vec::with_capacity(shape.m);
    // Parties that connected hear why the run failed, whenever it fails.
    let result = accept_parties(opt, shape, group_byte, &listener, &mut streams)
        .and_then(|()| run_dealer::<G>(opt, shape, &mut streams));
    let (kind, payload) = match &result {
        Ok(()) => (DONE, &[][..]),
        Err(reason) => (ABORT, reason.as_bytes()),
    };
    let deadline = deadline_after(opt.timeout)?;
    for s in streams.iter_mut() {
        let _ = send(s, kind, payload, deadline);
        // Also ends any reader still waiting on a slow party.
        let _ = s.shutdown(Shutdown::Both);
    }
    result
}

/// Accept `m` parties, in order, all within one deadline; each learns its
/// position as it connects.
fn accept_parties(
    opt: &DealerOptions<'_>,
    shape: RangeShape,
    group_byte: u8,
    listener: &TcpListener,
    streams: &mut Vec<TcpStream>,
) -> Result<(), String> {
    listener.set_nonblocking(true).map_err(|e| e.to_string())?;
    let deadline = deadline_after(opt.timeout)?;
    while streams.len() < shape.m {
        match listener.accept() {
            Ok((mut s, peer)) => {
                let j = streams.len();
                s.set_nonblocking(false).map_err(|e| e.to_string())?;
                s.set_nodelay(true).ok();
                send(&mut s, SETUP, &[group_byte, shape.n as u8, shape.m as u8, j as u8], deadline_after(opt.timeout)?)
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
    Ok(())
}

/// One round's reads: one message from every party, all read concurrently
/// (a thread per party, so a slow party delays no other's read), all due by
/// one deadline `timeout` from now. A failure names the party; if several
/// time out, all are named.
fn gather<M>(
    streams: &[TcpStream],
    kind: u8,
    timeout: Duration,
    decode: impl Fn(&[u8]) -> Result<M, ballistic::ProofError>,
) -> Result<Vec<M>, String> {
    let deadline = deadline_after(timeout)?;
    let (tx, rx) = mpsc::channel();
    for (j, s) in streams.iter().enumerate() {
        let mut s = s.try_clone().map_err(|e| format!("party {j}: {e}"))?;
        let tx = tx.clone();
        std::thread::Builder::new()
            .name(format!("mpc party {j}"))
            .spawn(move || {
                let _ = tx.send((j, receive(&mut s, kind, deadline)));
            })
            .map_err(|e| format!("cannot start a reader for party {j}: {e}"))?;
    }
    drop(tx);
    let stop = deadline.checked_add(READER_GRACE).unwrap_or(deadline);
    let mut payloads: Vec<Option<Vec<u8>>> = vec![None; streams.len()];
    let mut timed_out = Vec::new();
    while payloads.iter().filter(|p| p.is_none()).count() > timed_out.len() {
        match rx.recv_timeout(stop.saturating_duration_since(Instant::now())) {
            Ok((j, Ok(payload))) => {
                if let Some(slot) = payloads.get_mut(j) {
                    *slot = Some(payload);
                }
            }
            // Timeouts all fall due at the deadline: collect them to name
            // every slow party; any other failure ends the round at once.
            Ok((j, Err(e))) if e == TIMED_OUT => timed_out.push(j),
            Ok((j, Err(e))) => return Err(format!("party {j} {e}")),
            Err(_) => break,
        }
    }
    let slow: Vec<String> = payloads
        .iter()
        .enumerate()
        .filter(|(_, p)| p.is_none())
        .map(|(j, _)| format!("party {j} {TIMED_OUT}"))
        .collect();
    if !slow.is_empty() {
        return Err(slow.join(", "));
    }
    payloads
        .into_iter()
        .enumerate()
        .map(|(j, payload)| {
            decode(payload.as_deref().unwrap_or_default())
                .map_err(|e| format!("party {j} sent a malformed {}: {e}", kind_name(kind)))
        })
        .collect()
}

/// Send one message to every party, all by one deadline `timeout` from now.
fn broadcast(streams: &mut [TcpStream], kind: u8, payload: &[u8], timeout: Duration) -> Result<(), String> {
    let deadline = deadline_after(timeout)?;
    for (j, s) in streams.iter_mut().enumerate() {
        send(s, kind, payload, deadline).map_err(|e| format!("party {j} {e}"))?;
    }
    Ok(())
}

fn run_dealer<G: Group>(opt: &DealerOptions<'_>, shape: RangeShape, streams: &mut [TcpStream]) -> Result<(), String> {
    let (n, m, t) = (shape.n, shape.m, opt.timeout);
    let gens = Generators::<G>::new(shape.gens_per_party_needed(), shape.parties_needed());
    let mut transcript = new_transcript(opt.label.as_bytes());
    let blame = |e: ballistic::range::mpc::MpcError| e.to_string();
    let dealer = Dealer::new(&gens, &mut transcript, n, m).map_err(blame)?;

    let bits = gather(streams, BIT_COMMITMENT, t, BitCommitment::<G>::from_bytes)?;
    let (dealer, challenge) = dealer.receive_bit_commitments(bits).map_err(blame)?;
    broadcast(streams, BIT_CHALLENGE, &challenge.to_bytes(), t)?;

    let polys = gather(streams, POLY_COMMITMENT, t, PolyCommitment::<G>::from_bytes)?;
    let (dealer, challenge) = dealer.receive_poly_commitments(polys).map_err(blame)?;
    broadcast(streams, POLY_CHALLENGE, &challenge.to_bytes(), t)?;

    let shares = gather(streams, PROOF_SHARE, t, ProofShare::<G>::from_bytes)?;
    let (proof, commitments) = dealer.receive_shares(shares).map_err(blame)?;
    let proof_file =
        RangeProofFile::from_proof::<G>(&ballistic::AnyRangeProof::Bulletproofs(proof), n, &commitments, opt.label)
            .map_err(|e| e.to_string())?;
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

/// Check a dealer's `Setup` before doing any work for it: a known group,
/// a valid shape (`n`, `m` in `1..=64`), and a position below `m`.
fn check_setup(group_byte: u8, n: u8, m: u8, j: u8) -> Result<(GroupId, RangeShape, usize), String> {
    let group = WIRE_GROUPS.get(group_byte as usize).ok_or_else(|| format!("unknown group {group_byte}"))?;
    let shape = RangeShape::new(n as usize, m as usize).map_err(|e| e.to_string())?;
    let j = j as usize;
    if j >= shape.m {
        return Err(format!("position {j} for {} parties", shape.m));
    }
    Ok((*group, shape, j))
}

/// Run one party against the dealer at `connect`.
pub fn party(opt: &PartyOptions<'_>) -> Result<(), String> {
    let mut stream = TcpStream::connect(opt.connect).map_err(|e| format!("cannot connect to {}: {e}", opt.connect))?;
    stream.set_nodelay(true).ok();
    let setup = receive(&mut stream, SETUP, deadline_after(opt.timeout)?).map_err(|e| format!("dealer {e}"))?;
    let [group_byte, n, m, j] = <[u8; 4]>::try_from(setup.as_slice()).map_err(|_| "dealer sent a malformed setup")?;
    let (group, shape, j) =
        check_setup(group_byte, n, m, j).map_err(|e| format!("dealer sent an invalid setup: {e}"))?;
    println!("connected as party {j} of {} ({}-bit values)", shape.m, shape.n);
    std::io::stdout().flush().ok();
    ballistic::with_group!(group, G => party_in::<G>(opt, &mut stream, shape.n, j))
}

fn party_in<G: Group>(opt: &PartyOptions<'_>, stream: &mut TcpStream, n: usize, j: usize) -> Result<(), String> {
    let blinding = match opt.blinding {
        Some(h) => file::parse_blinding::<G>(0, h).map_err(|e| e.to_string())?,
        None => <G::Scalar as ScalarOps>::random(&mut rand_core::OsRng),
    };
    let t = opt.timeout;
    let gens = Generators::<G>::new(n, j + 1);
    let (party, bit) =
        Party::new(&gens, opt.value, blinding, n).and_then(|p| p.assign_position(j)).map_err(|e| e.to_string())?;
    send(stream, BIT_COMMITMENT, &bit.to_bytes(), deadline_after(t)?).map_err(|e| format!("dealer {e}"))?;
    println!("commitment {}", to_hex(G::compressed_bytes(&bit.v.compressed)));
    println!("sent bit commitment");
    std::io::stdout().flush().ok();
    if opt.stall_after_bit_commitment {
        loop {
            std::thread::sleep(Duration::from_secs(3600));
        }
    }
    let challenge = receive(stream, BIT_CHALLENGE, deadline_after(t)?)
        .and_then(|b| BitChallenge::<G>::from_bytes(&b).map_err(|e| format!("sent a malformed bit challenge: {e}")))
        .map_err(|e| format!("dealer {e}"))?;
    let (party, poly) = party.apply_challenge(&challenge).map_err(|e| e.to_string())?;
    send(stream, POLY_COMMITMENT, &poly.to_bytes(), deadline_after(t)?).map_err(|e| format!("dealer {e}"))?;
    let challenge = receive(stream, POLY_CHALLENGE, deadline_after(t)?)
        .and_then(|b| PolyChallenge::<G>::from_bytes(&b).map_err(|e| format!("sent a malformed challenge: {e}")))
        .map_err(|e| format!("dealer {e}"))?;
    let share = party.apply_challenge(&challenge).map_err(|e| e.to_string())?;
    send(stream, PROOF_SHARE, &share.to_bytes(), deadline_after(t)?).map_err(|e| format!("dealer {e}"))?;
    receive(stream, DONE, deadline_after(t)?).map_err(|e| format!("dealer {e}"))?;
    println!("done");
    Ok(())
}
