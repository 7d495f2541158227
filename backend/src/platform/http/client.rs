//! Who sent a request: the socket's peer, unless that peer is a proxy named in
//! `AQAR_TRUSTED_PROXIES`, whose forwarded headers then say who the client is, whether it
//! came over HTTPS and which host it asked for. Headers from anyone else are ignored, so a
//! client cannot choose its own address (and escape the sign-in throttle) by sending one.

use std::net::{IpAddr, Ipv4Addr};

use rocket::request::{FromRequest, Outcome, Request};

use crate::platform::config::Config;

/// The request's client as far as the server can trust it. Every user of the client's
/// address, scheme or host takes this guard; nothing reads forwarded headers on its own.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Client {
    pub address: IpAddr,
    /// Whether the client's connection is HTTPS (ours, or a trusted proxy's).
    pub https: bool,
    /// The `host[:port]` the client addressed, when the request names one.
    pub host: Option<String>,
}

impl Client {
    /// The client of `request`, worked out once per request.
    pub fn of(request: &Request<'_>) -> Client {
        request
            .local_cache(|| {
                let trusted = request.rocket().state::<Config>().map(|s| &s.trusted_proxies);
                resolve(request, trusted.unwrap_or(&TrustedProxies::NONE))
            })
            .clone()
    }
}

#[rocket::async_trait]
impl<'r> FromRequest<'r> for Client {
    type Error = std::convert::Infallible;

    async fn from_request(request: &'r Request<'_>) -> Outcome<Self, Self::Error> {
        Outcome::Success(Client::of(request))
    }
}

fn resolve(request: &Request<'_>, trusted: &TrustedProxies) -> Client {
    let headers = request.headers();
    // Only the in-process test client has no socket; it gets the unspecified address.
    let peer = request.remote().map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |r| r.ip().to_canonical());
    let tls = request.rocket().config().tls_enabled();
    let own_host = headers.get_one("Host").map(str::to_owned);
    if !trusted.contains(peer) {
        return Client { address: peer, https: tls, host: own_host };
    }
    let forwarded_for: Vec<&str> = headers.get("X-Forwarded-For").flat_map(|v| v.split(',')).collect();
    let address = if forwarded_for.is_empty() {
        headers.get_one("X-Real-IP").and_then(parse_address).unwrap_or(peer)
    } else {
        client_of_chain(peer, &forwarded_for, trusted)
    };
    let first = |name: &str| {
        headers.get_one(name).and_then(|v| v.split(',').next()).map(str::trim).filter(|v| !v.is_empty())
    };
    let https = tls || first("X-Forwarded-Proto").is_some_and(|p| p.eq_ignore_ascii_case("https"));
    let host = first("X-Forwarded-Host").map(str::to_owned).or(own_host);
    Client { address, https, host }
}

/// The client of an `X-Forwarded-For` chain that reached us through `peer`: the first hop,
/// read from the right, that is not itself a trusted proxy. An entry that does not parse
/// ends the walk at the last trusted hop, since anything left of it is the client's word.
fn client_of_chain(peer: IpAddr, chain: &[&str], trusted: &TrustedProxies) -> IpAddr {
    let mut client = peer;
    for entry in chain.iter().rev() {
        if !trusted.contains(client) {
            break;
        }
        match parse_address(entry) {
            Some(address) => client = address,
            None => break,
        }
    }
    client
}

/// An address as proxies write it: bare, or with a port (`1.2.3.4:80`, `[::1]:80`).
fn parse_address(text: &str) -> Option<IpAddr> {
    let text = text.trim();
    text.parse::<IpAddr>()
        .or_else(|_| text.parse::<std::net::SocketAddr>().map(|s| s.ip()))
        .ok()
        .map(|ip| ip.to_canonical())
}

/// The proxies whose forwarded headers are believed: addresses and CIDR blocks.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TrustedProxies(Vec<Block>);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Block {
    network: IpAddr,
    prefix: u8,
}

impl TrustedProxies {
    pub const NONE: TrustedProxies = TrustedProxies(Vec::new());

    /// Reads a comma-separated list such as `10.0.0.0/8, 192.168.1.7, fd00::/8`; an empty
    /// text is no proxy at all.
    pub fn parse(text: &str) -> Result<TrustedProxies, String> {
        if text.trim().is_empty() {
            return Ok(TrustedProxies::NONE);
        }
        text.split(',').map(|entry| Block::parse(entry.trim())).collect::<Result<_, _>>().map(TrustedProxies)
    }

    pub fn contains(&self, address: IpAddr) -> bool {
        let address = address.to_canonical();
        self.0.iter().any(|block| block.contains(address))
    }
}

impl Block {
    fn parse(entry: &str) -> Result<Block, String> {
        let invalid = || format!("'{entry}' is not an IP address or CIDR block");
        let (address, prefix) = match entry.split_once('/') {
            Some((address, prefix)) => (address, Some(prefix)),
            None => (entry, None),
        };
        let network: IpAddr = address.parse().map_err(|_| invalid())?;
        let network = network.to_canonical();
        let bits = if network.is_ipv4() { 32 } else { 128 };
        let prefix = match prefix {
            None => bits,
            Some(prefix) if prefix.bytes().all(|b| b.is_ascii_digit()) => match prefix.parse::<u8>() {
                Ok(prefix) if prefix <= bits => prefix,
                _ => return Err(invalid()),
            },
            Some(_) => return Err(invalid()),
        };
        Ok(Block { network, prefix })
    }

    fn contains(&self, address: IpAddr) -> bool {
        match (self.network, address) {
            (IpAddr::V4(network), IpAddr::V4(address)) => {
                let mask = u32::MAX.checked_shl(32 - u32::from(self.prefix)).unwrap_or(0);
                u32::from(network) & mask == u32::from(address) & mask
            }
            (IpAddr::V6(network), IpAddr::V6(address)) => {
                let mask = u128::MAX.checked_shl(128 - u32::from(self.prefix)).unwrap_or(0);
                u128::from(network) & mask == u128::from(address) & mask
            }
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().expect("an address")
    }

    #[test]
    fn a_block_contains_the_addresses_under_its_prefix() {
        let proxies = TrustedProxies::parse("10.0.0.0/8, 192.168.1.7,fd00::/8").expect("parses");
        assert!(proxies.contains(ip("10.255.3.4")));
        assert!(!proxies.contains(ip("11.0.0.1")));
        assert!(proxies.contains(ip("192.168.1.7")));
        assert!(!proxies.contains(ip("192.168.1.8")));
        assert!(proxies.contains(ip("fd12::1")));
        assert!(!proxies.contains(ip("fe80::1")));
    }

    #[test]
    fn an_ipv4_mapped_ipv6_peer_matches_its_ipv4_block() {
        let proxies = TrustedProxies::parse("127.0.0.1").expect("parses");
        assert!(proxies.contains(ip("::ffff:127.0.0.1")));
    }

    #[test]
    fn prefix_zero_trusts_everyone_of_that_family() {
        let proxies = TrustedProxies::parse("0.0.0.0/0").expect("parses");
        assert!(proxies.contains(ip("203.0.113.9")));
        assert!(!proxies.contains(ip("2001:db8::1")));
    }

    #[test]
    fn an_empty_list_trusts_nobody() {
        assert_eq!(TrustedProxies::parse("  ").expect("parses"), TrustedProxies::NONE);
        assert!(!TrustedProxies::NONE.contains(ip("127.0.0.1")));
    }

    #[test]
    fn bad_entries_are_refused_and_named() {
        for bad in ["10.0.0.0/33", "::/129", "localhost", "10.0.0.1,", "10.0.0.0/", "10.0.0.0/+8", "1.2.3"] {
            let error = TrustedProxies::parse(bad).expect_err(bad);
            assert!(error.contains("is not an IP address or CIDR block"), "{bad}: {error}");
        }
    }

    #[test]
    fn the_chain_is_read_from_the_right_up_to_the_first_untrusted_hop() {
        let proxies = TrustedProxies::parse("10.0.0.0/8").expect("parses");
        let peer = ip("10.0.0.2");
        assert_eq!(
            client_of_chain(peer, &["6.6.6.6", "203.0.113.5", "10.0.0.9"], &proxies),
            ip("203.0.113.5")
        );
        assert_eq!(client_of_chain(peer, &["10.0.0.5"], &proxies), ip("10.0.0.5"));
        assert_eq!(client_of_chain(peer, &["garbage", "10.0.0.7"], &proxies), ip("10.0.0.7"));
        assert_eq!(client_of_chain(peer, &["203.0.113.5:4711"], &proxies), ip("203.0.113.5"));
    }
}
