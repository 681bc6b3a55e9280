//! Who the host is: the name and address on every mail it sends, in the
//! PGN it writes, and on the right of every Message-ID it makes.

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HostIdentity {
    /// The display name on mails sent; the PGN `Event` of casual games.
    pub(crate) name: String,
    /// The address players mail commands to; From on every mail sent.
    pub(crate) address: String,
}

impl HostIdentity {
    /// The right-hand side of generated Message-IDs.
    pub(crate) fn domain(&self) -> String {
        self.address
            .rsplit_once('@')
            .map(|(_, domain)| domain.to_string())
            .unwrap_or_else(|| "pbem.invalid".to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_domain_is_the_address_right_of_its_at_sign() {
        let host = |address: &str| HostIdentity {
            name: "PBeM host".into(),
            address: address.into(),
        };
        assert_eq!(host("pbem@example.org").domain(), "example.org");
        assert_eq!(host("no-at-sign").domain(), "pbem.invalid");
    }
}
