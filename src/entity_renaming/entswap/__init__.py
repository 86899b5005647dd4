"""EntSwap (Siro & Ajayi 2023): rename every person, country, city, location, organisation and
nationality of an article with African names; AfriSQuAD2 is EntSwap applied to SQuAD 2.0 dev."""

from .build import (
    ORIGINAL_CONFIG,
    EntSwap,
    build_entswap_configs,
    config_name,
    original_config,
)
from .categories import CATEGORIES

__all__ = ["CATEGORIES", "ORIGINAL_CONFIG", "EntSwap", "build_entswap_configs", "config_name",
           "original_config"]
