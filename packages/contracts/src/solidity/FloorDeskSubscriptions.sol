// SPDX-License-Identifier: MIT
pragma solidity 0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";

/// @notice Takes subscription payments in ETH at prices the FloorDesk server quotes and signs. The contract only
/// checks and forwards a payment; the server credits the subscription when it indexes `Subscribed`.
contract FloorDeskSubscriptions is EIP712, Ownable2Step {
    /// @dev `plan` is a plan id the server knows; the contract trusts whatever plan and price the signer quoted.
    struct Quote {
        address payer;
        uint8 plan;
        uint256 price;
        uint256 expiry;
        bytes32 quoteId;
    }

    bytes32 private constant QUOTE_TYPEHASH =
        keccak256("Quote(address payer,uint8 plan,uint256 price,uint256 expiry,bytes32 quoteId)");

    address public quoteSigner;
    address public treasury;
    /// @dev Each quote pays once, even while it has not expired.
    mapping(bytes32 => bool) public quoteUsed;

    event Subscribed(address indexed payer, bytes32 indexed quoteId, uint8 plan, uint256 price);
    event QuoteSignerChanged(address previous, address current);
    event TreasuryChanged(address previous, address current);

    error ZeroAddress();
    error NotPayer(address payer, address sender);
    error QuoteExpired(uint256 expiry);
    error WrongPrice(uint256 price, uint256 sent);
    error QuoteAlreadyUsed(bytes32 quoteId);
    error InvalidQuoteSignature();
    error TreasuryTransferFailed();

    /// @dev The owner is checked here too, so that every zero address fails with the same error.
    constructor(
        address initialOwner,
        address initialQuoteSigner,
        address initialTreasury
    ) EIP712("FloorDesk Subscriptions", "1") Ownable(_nonZero(initialOwner)) {
        quoteSigner = _nonZero(initialQuoteSigner);
        treasury = _nonZero(initialTreasury);
    }

    function subscribe(Quote calldata quote, bytes calldata signature) external payable {
        // A quote names its payer, so that a quote seen in the mempool cannot be paid for someone else's account.
        if (msg.sender != quote.payer) revert NotPayer(quote.payer, msg.sender);
        if (block.timestamp > quote.expiry) revert QuoteExpired(quote.expiry);
        if (msg.value != quote.price) revert WrongPrice(quote.price, msg.value);
        if (quoteUsed[quote.quoteId]) revert QuoteAlreadyUsed(quote.quoteId);
        // tryRecover rather than recover: a malformed signature is just another invalid one.
        (address signer, ECDSA.RecoverError recoverError, ) = ECDSA.tryRecoverCalldata(hashQuote(quote), signature);
        if (recoverError != ECDSA.RecoverError.NoError || signer != quoteSigner) revert InvalidQuoteSignature();

        // Marked before the call, so that a treasury that calls back cannot pay the same quote twice.
        quoteUsed[quote.quoteId] = true;
        (bool sent, ) = treasury.call{value: msg.value}("");
        if (!sent) revert TreasuryTransferFailed();
        emit Subscribed(quote.payer, quote.quoteId, quote.plan, quote.price);
    }

    function setQuoteSigner(address newQuoteSigner) external onlyOwner {
        address previous = quoteSigner;
        quoteSigner = _nonZero(newQuoteSigner);
        emit QuoteSignerChanged(previous, newQuoteSigner);
    }

    function setTreasury(address newTreasury) external onlyOwner {
        address previous = treasury;
        treasury = _nonZero(newTreasury);
        emit TreasuryChanged(previous, newTreasury);
    }

    /// @notice The EIP-712 digest the quote signer signs.
    function hashQuote(Quote calldata quote) public view returns (bytes32) {
        return
            _hashTypedDataV4(
                keccak256(
                    abi.encode(QUOTE_TYPEHASH, quote.payer, quote.plan, quote.price, quote.expiry, quote.quoteId)
                )
            );
    }

    function _nonZero(address account) private pure returns (address) {
        if (account == address(0)) revert ZeroAddress();
        return account;
    }
}
