//! Enums whose values have wire names, for rule options and phases.

/// An enum whose values have fixed wire names; what [`named_enum!`] declares.
pub trait Named: Copy + 'static {
    /// Every wire name, in declaration order.
    const NAMES: &'static [&'static str];
    fn name(self) -> &'static str;
    fn from_name(text: &str) -> Option<Self>;
}

/// Declares `Copy` enums (one or more) whose variants have fixed wire names (`name`,
/// `from_name`, `NAMES`, also as the trait [`Named`]); a variant may carry doc comments.
#[macro_export]
macro_rules! named_enum {
    ($($(#[$meta:meta])* $vis:vis enum $name:ident {
        $($(#[$vmeta:meta])* $variant:ident = $text:literal),+ $(,)?
    })+) => {$(
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        $vis enum $name { $($(#[$vmeta])* $variant),+ }

        impl $name {
            pub const NAMES: &'static [&'static str] = &[$($text),+];

            pub const fn name(self) -> &'static str {
                match self { $($name::$variant => $text),+ }
            }

            pub fn from_name(text: &str) -> Option<$name> {
                match text { $($text => Some($name::$variant),)+ _ => None }
            }
        }

        impl $crate::games::named::Named for $name {
            const NAMES: &'static [&'static str] = $name::NAMES;

            fn name(self) -> &'static str {
                $name::name(self)
            }

            fn from_name(text: &str) -> Option<$name> {
                $name::from_name(text)
            }
        }
    )+};
}
